import { sql, type Kysely } from 'kysely';
import { Gauge } from 'prom-client';
import { BookStatusSchema, type BookStatus } from '@bookwright/contracts';
import { processRegistry } from '@bookwright/kit';
import type { BookDatabase } from '../db/schema';

/** The running book service's database; set while it runs (one per process, embedded or distributed). */
let source: Kysely<BookDatabase> | undefined;

/**
 * Counted from the books table on every scrape, so it is right on whichever replica answers and after any
 * restart: no counter to keep in step with the status table's moves. Every status is reported, 0 included,
 * so a dashboard's series never vanish.
 */
new Gauge({
  name: 'bookwright_books',
  help: 'Books by status, counted from the book service table at scrape time.',
  labelNames: ['status'] as const,
  registers: [processRegistry],
  async collect() {
    if (!source) return;
    const counts = await countByStatus(source).catch(() => undefined);
    // An unreachable database leaves the last values rather than reporting every book gone.
    if (!counts) return;
    for (const status of BookStatusSchema.options) this.set({ status }, counts.get(status) ?? 0);
  },
});

async function countByStatus(db: Kysely<BookDatabase>): Promise<Map<BookStatus, number>> {
  const rows = await db
    .selectFrom('books')
    .select(['status', sql<string>`count(*)`.as('n')])
    .groupBy('status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
}

/** Reports this database's books on the process's /metrics until the returned function is called. */
export function trackBooksByStatus(db: Kysely<BookDatabase>): () => void {
  source = db;
  return () => {
    if (source === db) source = undefined;
  };
}

import type { Kysely } from 'kysely';
import { Gauge } from 'prom-client';
import { BookStatusSchema } from '@bookwright/contracts/http';
import { processRegistry } from '@bookwright/kit';
import type { BookDatabase } from '../db/schema';
import { booksRepository } from '../repositories/books.repository';

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
    const counts = await booksRepository.countByStatus(source).catch(() => undefined);
    // An unreachable database leaves the last values rather than reporting every book gone.
    if (!counts) return;
    for (const status of BookStatusSchema.options) this.set({ status }, counts.get(status) ?? 0);
  },
});

/** Reports this database's books on the process's /metrics until the returned function is called. */
export function trackBooksByStatus(db: Kysely<BookDatabase>): () => void {
  source = db;
  return () => {
    if (source === db) source = undefined;
  };
}

import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { silentLogger, type OutboxRelay } from '@bookwright/kit';
import { createTestDatabase } from '@bookwright/kit/testing';
import { migrations } from '../db/migrations';
import type { BookDatabase } from '../db/schema';
import { booksRepository } from '../repositories/books.repository';
import { bookRow } from '../testing/book-row';
import { reannounceUnfinishedWork } from './reannounce-unfinished-work';
import { everyonePays } from '../access/payer-plans';
import { SavedChaptersMemory } from '../domain/saved-chapters';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

function book(
  id: string,
  status: 'planning' | 'validation' | 'writing' | 'ready',
  attempts: { plan: number; write: number },
  allowanceKey: string | null = null,
) {
  return bookRow({
    id,
    status,
    title: id,
    plan_attempt: attempts.plan,
    write_attempt: attempts.write,
    allowance_key: allowanceKey,
  });
}

// The in-process bus keeps no log across restarts: on start the book service must ask again for the work
// of every book still planning or writing, through its outbox, and for nothing else.
describe('re-announcing unfinished work on start', () => {
  it('queues a planning request for planning books and a confirmation for writing books, with their attempts', async () => {
    const database = await createTestDatabase<BookDatabase>('book', migrations);
    opened.push(database);
    for (const row of [
      book('planning-book', 'planning', { plan: 2, write: 0 }),
      book('writing-book', 'writing', { plan: 1, write: 3 }, 'plan:writing'),
      book('review-book', 'validation', { plan: 1, write: 0 }),
      book('ready-book', 'ready', { plan: 1, write: 1 }),
    ]) {
      await booksRepository.insert(database.db, row);
    }
    let kicks = 0;
    const relay = { kick: () => void (kicks += 1) } as unknown as OutboxRelay;
    const count = await reannounceUnfinishedWork({
      db: database.db,
      bus: undefined as never,
      relay,
      blobs: undefined as never,
      logger: silentLogger(),
      newId: () => 'x',
      retention: undefined as never,
      savedChapters: new SavedChaptersMemory(),
      payers: everyonePays,
    });

    expect(count).toBe(2);
    expect(kicks).toBe(1);
    const { rows } = await sql<{
      event_name: string;
      payload: { bookId: string; attempt: number; brief?: { title: string; prompt: string }; allowanceKey?: string };
    }>`select event_name, payload from outbox order by event_name`.execute(database.db);
    // A book's reservation travels again too: a confirmation the in-process bus lost reaches billing now.
    expect(rows.map((r) => [r.event_name, r.payload.bookId, r.payload.attempt, r.payload.allowanceKey])).toEqual([
      ['book.confirmed', 'writing-book', 3, 'plan:writing'],
      ['book.planning-requested', 'planning-book', 2, undefined],
    ]);
    // The planner plans from the event alone: the brief travels with it.
    expect(rows[1]?.payload.brief).toMatchObject({ title: 'planning-book', prompt: 'p' });
  });

  it('queues nothing when no book is unfinished', async () => {
    const database = await createTestDatabase<BookDatabase>('book', migrations);
    opened.push(database);
    const relay = { kick: () => undefined } as unknown as OutboxRelay;
    expect(
      await reannounceUnfinishedWork({
        db: database.db,
        bus: undefined as never,
        relay,
        blobs: undefined as never,
        logger: silentLogger(),
        newId: () => 'x',
        retention: undefined as never,
        savedChapters: new SavedChaptersMemory(),
        payers: everyonePays,
      }),
    ).toBe(0);
  });
});

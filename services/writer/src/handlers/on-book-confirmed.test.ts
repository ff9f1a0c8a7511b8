import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events } from '@bookwright/contracts/events';
import { HANDLER_TRIES_BEFORE_DEAD_LETTER } from '@bookwright/kit';
import { testEventMeta } from '@bookwright/kit/testing';
import { failureReasons } from '../domain/failure-reasons';
import { buildBrief } from '../testing/books';
import { openWriterWorld, type WriterTestWorld } from '../testing/harness';
import { onBookConfirmed } from './on-book-confirmed';

// A confirmation the writer cannot act on must not leave the book waiting in writing: the last delivery
// fails the book, earlier ones are thrown back for the bus to redeliver.
describe('a confirmation that keeps failing', () => {
  let world: WriterTestWorld;
  beforeEach(async () => {
    world = await openWriterWorld();
  });
  afterEach(async () => {
    await world.stop();
  });

  const meta = (deliveryCount: number) => testEventMeta(events.bookConfirmed, { deliveryCount });

  it('is thrown back before the last delivery and fails the book on it', async () => {
    const book = world.books.addBrief(buildBrief({ status: 'writing' }));
    const handle = onBookConfirmed({
      db: world.database.db,
      bus: world.bus,
      runner: {
        ensureRunning: () => Promise.reject(new Error('runner broken')),
        resendCompletion: () => Promise.resolve(),
      },
    });
    const event = { bookId: book._id, userId: book.userId, attempt: 1 };

    await expect(handle(event, meta(HANDLER_TRIES_BEFORE_DEAD_LETTER - 1))).rejects.toThrow('runner broken');
    expect(world.books.failures).toEqual([]);

    await handle(event, meta(HANDLER_TRIES_BEFORE_DEAD_LETTER));
    expect(world.books.failures).toEqual([{ bookId: book._id, step: 'writing', reason: failureReasons.notStarted }]);
  });
});

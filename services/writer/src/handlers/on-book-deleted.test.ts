import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events } from '@bookwright/contracts/events';
import { plannedChapters } from '@bookwright/contracts/http';
import { LlmError } from '@bookwright/ai';
import { silentLogger, type EventMeta } from '@bookwright/kit';
import { type BookBrief } from '@bookwright/contracts/bus';
import { buildBrief } from '../testing/books';
import { FakeLlm, hangUntilAborted } from '../testing/fake-llm';
import { openWriterWorld, type WriterTestWorld } from '../testing/harness';
import { manuscriptPrefix } from '../writing/job';
import { onBookDeleted } from './on-book-deleted';

let world: WriterTestWorld;
beforeEach(async () => {
  world = await openWriterWorld();
});
afterEach(async () => {
  await world.stop();
});

const confirm = (book: BookBrief) =>
  world.bus.publish(events.bookConfirmed, { bookId: book._id, userId: book.userId, attempt: 1 });
const deleted = (book: BookBrief) =>
  world.bus.publish(events.bookDeleted, { bookId: book._id, userId: book.userId, deletedAt: new Date().toISOString() });
const count = async (table: 'writing_jobs' | 'writing_attempts', bookId: string) =>
  (await world.database.db.selectFrom(table).select('book_id').where('book_id', '=', bookId).execute()).length;
const chapters = async () => (await world.database.db.selectFrom('written_chapters').select('job_id').execute()).length;
async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('book.deleted', () => {
  it("removes a finished book's job, attempts, chapters and manuscripts", async () => {
    await world.startWriter({ llm: new FakeLlm() });
    const book = world.books.addBrief(buildBrief());
    const kept = world.books.addBrief(buildBrief());
    await confirm(book);
    await confirm(kept);
    await world.books.waitFor(() => world.books.completions.length === 2);
    await eventually(async () => (await world.blobs.list(manuscriptPrefix(book._id))).length === 1);
    const keptChapters = await chapters();

    await deleted(book);
    await eventually(async () => (await count('writing_jobs', book._id)) === 0);
    expect(await count('writing_attempts', book._id)).toBe(0);
    await eventually(async () => (await world.blobs.list(manuscriptPrefix(book._id))).length === 0);
    expect(await chapters()).toBe(keptChapters / 2);
    expect(await count('writing_jobs', kept._id)).toBe(1);
    expect(await world.blobs.list(manuscriptPrefix(kept._id))).toHaveLength(1);
  });

  it('stops a job still being written here', async () => {
    const llm = new FakeLlm({
      before: (task, signal) =>
        task.kind === 'chapter-part' && task.chapter.number === 2 ? hangUntilAborted(signal) : undefined,
    });
    await world.startWriter({ llm, env: { WRITER_CONCURRENCY: '1' } });
    const book = world.books.addBrief(buildBrief());
    await confirm(book);
    await eventually(() => llm.calls.some((c) => c.task.kind === 'chapter-part' && c.task.chapter.number === 2));
    await deleted(book);
    await eventually(() => llm.inFlight === 0);
    await eventually(async () => (await count('writing_jobs', book._id)) === 0);
    expect(await chapters()).toBe(0);
    expect(world.books.failures).toEqual([]);
  });
});

/**
 * The book service deletes a book and announces it; the writer's `book.deleted` handler runs beside its
 * other handlers and its running jobs. Whatever reaches the writer first, nothing of the book may stay.
 */
describe('a book deleted while the writer works on it', () => {
  const meta = { logger: silentLogger() } as unknown as EventMeta;

  it('takes back a job stored after the deletion was handled, and writes nothing', async () => {
    const llm = new FakeLlm();
    await world.startWriter({ llm });
    const book = world.books.addBrief(buildBrief());
    // Deleted between the brief the writer read and the job it stores: `book.deleted` finds no job yet.
    world.books.beforeBriefSent = async () => {
      world.books.beforeBriefSent = undefined;
      world.books.books.delete(book._id);
      await onBookDeleted({ db: world.database.db, blobs: world.blobs })(
        { bookId: book._id, userId: book.userId, deletedAt: new Date().toISOString() },
        meta,
      );
    };
    await confirm(book);
    // The second brief is the writer asking again once its job is stored.
    await eventually(() => world.books.briefRequests.length === 2);
    await eventually(async () => (await count('writing_jobs', book._id)) === 0);
    expect(await count('writing_attempts', book._id)).toBe(0);
    expect(llm.calls).toEqual([]);
    expect(world.books.completions).toEqual([]);
  });

  it('removes the job and the manuscript of a book deleted as it was finished', async () => {
    const book = world.books.addBrief(buildBrief());
    const last = plannedChapters(book.bookState!).length;
    const llm = new FakeLlm({
      before: (task) => {
        // The last chapter is being written: the book goes before its manuscript is handed over.
        if (task.kind === 'chapter-part' && task.chapter.number === last) world.books.books.delete(book._id);
      },
    });
    await world.startWriter({ llm });
    await confirm(book);
    await eventually(() => !world.books.books.has(book._id));
    // The job goes first, then its manuscripts: both are waited for.
    await eventually(
      async () =>
        (await count('writing_jobs', book._id)) === 0 &&
        (await world.blobs.list(manuscriptPrefix(book._id))).length === 0,
    );
    expect(await chapters()).toBe(0);
    expect(world.books.completions).toEqual([]);
  });

  it('removes the failed job of a book deleted before its failure could be told', async () => {
    const book = world.books.addBrief(buildBrief());
    const llm = new FakeLlm({
      before: () => {
        world.books.books.delete(book._id);
        throw new LlmError('refused', false);
      },
    });
    await world.startWriter({ llm, env: { WRITER_CHAPTER_ATTEMPTS: '1' } });
    await confirm(book);
    await eventually(() => llm.calls.length > 0);
    await eventually(async () => (await count('writing_jobs', book._id)) === 0);
    expect(world.books.failures).toEqual([]);
  });
});

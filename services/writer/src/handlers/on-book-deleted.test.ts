import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events } from '@bookwright/contracts/events';
import { type BookBrief } from '@bookwright/contracts/bus';
import { buildBrief } from '../testing/books';
import { FakeLlm, hangUntilAborted } from '../testing/fake-llm';
import { openWriterWorld, type WriterTestWorld } from '../testing/harness';
import { manuscriptPrefix } from '../writing/job';

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

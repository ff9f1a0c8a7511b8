import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events } from '@bookwright/contracts/events';
import { type BookBrief } from '@bookwright/contracts/bus';
import type { WriterTask } from '../domain/llm-tasks';
import { jobsRepository } from '../repositories/jobs.repository';
import { buildBrief } from '../testing/books';
import { FakeLlm, hangUntilAborted } from '../testing/fake-llm';
import { openWriterWorld, type WriterTestWorld } from '../testing/harness';

// A book moved to the trash while the writer works on it: the job stops, its chapter slot is free for
// other books at once, its chapters stay, and a restore (a new attempt) resumes it.

let world: WriterTestWorld;
beforeEach(async () => {
  world = await openWriterWorld();
});
afterEach(async () => {
  await world.stop();
});

const confirm = (book: BookBrief, attempt = 1) =>
  world.bus.publish(events.bookConfirmed, { bookId: book._id, userId: book.userId, attempt });
const trashed = (book: BookBrief, attempt = 1) =>
  world.bus.publish(events.bookTrashed, {
    bookId: book._id,
    userId: book.userId,
    deletedAt: new Date().toISOString(),
    attempt,
  });
const jobOf = (bookId: string) =>
  world.database.db.selectFrom('writing_jobs').selectAll().where('book_id', '=', bookId).executeTakeFirstOrThrow();
const chaptersOf = async (bookId: string) => {
  const job = await jobOf(bookId);
  const rows = await world.database.db
    .selectFrom('written_chapters')
    .select('chapter_number')
    .where('job_id', '=', job.id)
    .orderBy('chapter_number')
    .execute();
  return rows.map((r) => r.chapter_number);
};
async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('book.trashed', () => {
  it('stops the job and frees its slot at once, keeps its chapters, and a new attempt resumes it', async () => {
    const trashedBook = world.books.addBrief(buildBrief({ title: 'The Trashed Lighthouse' }));
    const ofTrashed = (task: WriterTask, n: number) =>
      task.kind === 'chapter-part' && task.book.title === trashedBook.title && task.chapter.number === n;
    let hang = true;
    // The trashed book's chapter 3 never answers until aborted; one chapter at a time in the whole writer.
    const llm = new FakeLlm({
      before: (task, signal) => (hang && ofTrashed(task, 3) ? hangUntilAborted(signal) : undefined),
    });
    await world.startWriter({ llm, env: { WRITER_CONCURRENCY: '1' } });
    await confirm(trashedBook);
    await eventually(() => llm.calls.some((c) => ofTrashed(c.task, 3)));
    // A chapter's notes are taken while the next one starts (WRITER_OVERLAP_NOTES): chapter 2 is stored
    // once its notes are in, which may be just after chapter 3 began.
    await eventually(async () => (await chaptersOf(trashedBook._id)).length === 2);

    await trashed(trashedBook);
    await eventually(async () => (await jobOf(trashedBook._id)).status === 'stopped');
    await eventually(() => llm.inFlight === 0);
    const job = await jobOf(trashedBook._id);
    expect(job).toMatchObject({ lease_owner: null, lease_expires_at: null });
    expect(await chaptersOf(trashedBook._id)).toEqual([1, 2]);
    const asked = (n: number) => llm.calls.filter((c) => ofTrashed(c.task, n)).length;
    const askedBefore = [asked(1), asked(2)];

    // The only slot is free: another book is written to the end while the trashed one waits.
    const other = world.books.addBrief(buildBrief({ title: 'Another Book' }));
    await confirm(other);
    await world.books.waitFor(() => world.books.completions.some((c) => c.bookId === other._id));
    expect(await chaptersOf(trashedBook._id)).toEqual([1, 2]);
    expect(world.books.failures).toEqual([]);
    // Delivered again, the event changes nothing; the same attempt again does not start the job.
    await trashed(trashedBook);
    await confirm(trashedBook, 1);
    expect((await jobOf(trashedBook._id)).status).toBe('stopped');

    // Restored: the book service asks again under attempt 2, and the job resumes from chapter 3. The trash
    // of attempt 1 delivered once more, before or after that, does not stop it again.
    hang = false;
    await confirm(trashedBook, 2);
    await trashed(trashedBook, 1);
    await world.books.waitFor(() => world.books.completions.some((c) => c.bookId === trashedBook._id));
    expect(world.books.completions.find((c) => c.bookId === trashedBook._id)?.contentBlobKey).toBe(
      `manuscripts/${trashedBook._id}/2.json`,
    );
    // Chapters 1 and 2 were committed before the trash and never asked for again.
    expect([asked(1), asked(2)]).toEqual(askedBefore);
    expect(await chaptersOf(trashedBook._id)).toHaveLength(12);
    // The job is marked completed just after the book service took the manuscript.
    await eventually(async () => (await jobOf(trashedBook._id)).status === 'completed');
  });

  it('stops a job another writer instance runs at that instance’s next lease renewal', async () => {
    const book = world.books.addBrief(buildBrief());
    const llm = new FakeLlm({
      before: (task, signal) =>
        task.kind === 'chapter-part' && task.chapter.number === 2 ? hangUntilAborted(signal) : undefined,
    });
    await world.startWriter({ llm, env: { WRITER_CONCURRENCY: '1' }, tuning: { leaseMs: 600 } });
    await confirm(book);
    await eventually(() => llm.calls.some((c) => c.task.kind === 'chapter-part' && c.task.chapter.number === 2));
    // Chapter 1 is stored once its notes are in, which may be just after chapter 2 began (overlapping notes).
    await eventually(async () => (await chaptersOf(book._id)).length === 1);
    // What the instance that consumed book.trashed did: the job is stopped in the database, not here.
    expect(await jobsRepository.stop(world.database.db, book._id, 1)).toBeDefined();
    await eventually(() => llm.inFlight === 0);
    expect(await chaptersOf(book._id)).toEqual([1]);
    expect((await jobOf(book._id)).status).toBe('stopped');
  });

  it('creates no job for a book trashed before its confirmation arrived', async () => {
    const llm = new FakeLlm();
    await world.startWriter({ llm });
    const book = buildBrief();
    // The book service answers 404 for a trashed book's brief; the fake knows no such book either.
    await trashed(book);
    await confirm(book);
    await eventually(() => world.books.briefRequests.includes(book._id));
    await new Promise((resolve) => setImmediate(resolve));
    expect(await world.database.db.selectFrom('writing_jobs').select('id').execute()).toEqual([]);
    expect(llm.calls).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events } from '@bookwright/contracts/events';
import { OutboxRelay, silentLogger, type ServiceDatabase } from '@bookwright/kit';
import { createTestDatabase } from '@bookwright/kit/testing';
import { migrations } from '../db/migrations';
import type { WriterDatabase } from '../db/schema';
import { jobsRepository } from '../repositories/jobs.repository';
import { buildBrief } from '../testing/books';
import { LeaseLostError } from './run-chapters';
import type { WriterDeps } from './deps';
import { commitChapter, type CommittedChapter } from './write-book';
import { UsageMeter } from './write-chapter';

const OWNER = 'writer-under-test';

/** A chapter's commit (write-book.ts), against the database of whichever mode the suite runs in. */
describe('commitChapter', () => {
  let database: ServiceDatabase<WriterDatabase>;
  let published: { name: string; data: { chapterNumber: number; chaptersWritten: number } }[];
  let deps: WriterDeps;
  let job: { id: string; bookId: string; userId: string; attempt: number; chapters: number[] };

  beforeEach(async () => {
    database = await createTestDatabase<WriterDatabase>('writer', migrations);
    published = [];
    const relay = new OutboxRelay({
      db: database.db,
      bus: {
        publish: async (def, data) => {
          published.push({ name: def.name, data: data as (typeof published)[number]['data'] });
        },
      },
      logger: silentLogger(),
    });
    deps = { db: database.db, relay, instanceId: OWNER, logger: silentLogger() } as unknown as WriterDeps;
    job = { id: randomUUID(), bookId: randomUUID(), userId: randomUUID(), attempt: 1, chapters: [1, 2, 3, 4, 5, 6] };
    await jobsRepository.insert(database.db, {
      id: job.id,
      bookId: job.bookId,
      userId: job.userId,
      attempt: 1,
      brief: buildBrief(),
      plan: {},
      chaptersTotal: job.chapters.length,
    });
    await jobsRepository.claim(database.db, job.id, OWNER, 60_000);
  });

  afterEach(async () => {
    await database.close();
  });

  const chapter = (number: number): CommittedChapter => ({
    number,
    title: `Chapter ${number}`,
    text: `The text of chapter ${number}.`,
    words: 5,
    characters: 27,
    summary: `Summary ${number}`,
    facts: [`fact ${number}`],
    parts: 1,
  });
  const meter = (calls: number) =>
    Object.assign(new UsageMeter(), { promptTokens: 10 * calls, completionTokens: 20 * calls, calls });
  const usageOf = async () =>
    database.db
      .selectFrom('writing_jobs')
      .select(['prompt_tokens', 'completion_tokens', 'llm_calls'])
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();

  it('numbers each commit by the chapters committed with it, however many commit at once, and publishes each once', async () => {
    await Promise.all(
      job.chapters.map((n) => commitChapter(deps, job, chapter(n), meter(1), events.bookChapterWritten)),
    );
    await expect.poll(() => published.length).toBe(job.chapters.length);
    expect(published.every((p) => p.name === events.bookChapterWritten.name)).toBe(true);
    expect(published.map((p) => p.data.chaptersWritten).sort((a, b) => a - b)).toEqual(job.chapters);
    expect(await usageOf()).toEqual({ prompt_tokens: 60, completion_tokens: 120, llm_calls: 6 });
    // The rows were written already claimed and are marked once published: the relay has nothing left.
    await expect
      .poll(
        async () =>
          (await database.db.selectFrom('outbox').select('id').where('published_at', 'is', null).execute()).length,
      )
      .toBe(0);
  });

  it('commits a chapter once: again, it adds the usage and announces nothing', async () => {
    await commitChapter(deps, job, chapter(1), meter(1), events.bookChapterWritten);
    await commitChapter(deps, job, { ...chapter(1), text: 'Another text.' }, meter(2), events.bookChapterWritten);
    const rows = await database.db.selectFrom('written_chapters').select(['chapter_number', 'text']).execute();
    expect(rows).toEqual([{ chapter_number: 1, text: 'The text of chapter 1.' }]);
    expect(await usageOf()).toEqual({ prompt_tokens: 30, completion_tokens: 60, llm_calls: 3 });
    await expect.poll(() => published.length).toBe(1);
    expect((await database.db.selectFrom('outbox').select('id').execute()).length).toBe(1);
  });

  it('refuses without the lease: nothing written, and the usage stays counted for the next commit', async () => {
    await database.db.updateTable('writing_jobs').set({ lease_owner: 'another-instance' }).execute();
    const usage = meter(2);
    await expect(commitChapter(deps, job, chapter(1), usage, events.bookChapterWritten)).rejects.toBeInstanceOf(
      LeaseLostError,
    );
    expect(await database.db.selectFrom('written_chapters').select('chapter_number').execute()).toEqual([]);
    expect(await database.db.selectFrom('outbox').select('id').execute()).toEqual([]);
    expect(await usageOf()).toEqual({ prompt_tokens: 0, completion_tokens: 0, llm_calls: 0 });
    expect(usage.take()).toEqual({ promptTokens: 20, completionTokens: 40, calls: 2 });
  });
});

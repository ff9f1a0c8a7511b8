import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LlmError } from '@bookwright/ai';
import { plannedChapters } from '@bookwright/contracts/http';
import { type AnyRequestDef, requests } from '@bookwright/contracts/bus';
import { createFsBlobStore, OutboxRelay, silentLogger, type Bus, type ServiceDatabase } from '@bookwright/kit';
import { createTestDatabase } from '@bookwright/kit/testing';
import { migrations } from '../db/migrations';
import type { WriterDatabase } from '../db/schema';
import { jobsRepository } from '../repositories/jobs.repository';
import { buildBrief } from '../testing/books';
import { FakeLlm } from '../testing/fake-llm';
import { jobBriefOf } from './job';
import { WritingRunner } from './writing-runner';

/**
 * The book service as the runner meets it: `recordFailure` is held until the test lets it go, so that a
 * failed run is caught winding down (its job already failed in the database, the run not yet over).
 */
class HeldBookService {
  readonly failures: string[] = [];
  readonly completions: string[] = [];
  #release: () => void = () => undefined;
  readonly #released = new Promise<void>((resolve) => (this.#release = resolve));

  readonly bus: Pick<Bus, 'request'> = {
    request: (async (def: AnyRequestDef, payload: { bookId: string }) => {
      if (def.name === requests.book.recordFailure.name) {
        this.failures.push(payload.bookId);
        await this.#released;
        return { applied: true };
      }
      if (def.name === requests.book.completeManuscript.name) {
        this.completions.push(payload.bookId);
        return { applied: true };
      }
      throw new Error(`unexpected request ${def.name}`);
    }) as Bus['request'],
  };

  release(): void {
    this.#release();
  }
}

async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('WritingRunner: a job asked for while its failed run winds down', () => {
  let database: ServiceDatabase<WriterDatabase>;
  let blobDir: string;
  let runner: WritingRunner | undefined;
  let book: HeldBookService;
  /** Every chapter call fails as a refusal (not retried) while true. */
  let refusing: boolean;
  let llm: FakeLlm;

  beforeEach(async () => {
    database = await createTestDatabase<WriterDatabase>('writer', migrations);
    blobDir = await mkdtemp(join(tmpdir(), 'writer-runner-'));
    book = new HeldBookService();
    refusing = true;
    llm = new FakeLlm({
      before: () => {
        if (refusing) throw new LlmError('401 invalid api key', false);
      },
    });
    // No `start()`: nothing sweeps, so a job runs again only if the runner starts it itself.
    runner = new WritingRunner({
      db: database.db,
      bus: book.bus,
      blobs: createFsBlobStore({ root: blobDir }),
      // Never started, and its events go nowhere: the tests read the database, not the progress events.
      relay: new OutboxRelay({ db: database.db, bus: { publish: async () => undefined }, logger: silentLogger() }),
      llm,
      logger: silentLogger(),
      tuning: {
        concurrency: 2,
        overlapNotes: true,
        chapterAttempts: 1,
        retryBaseMs: 1,
        leaseMs: 60_000,
        sweepMs: 60 * 60_000,
        requestTimeoutMs: 5_000,
      },
      instanceId: 'writer-under-test',
    });
  });

  afterEach(async () => {
    book.release();
    await runner?.stop();
    await database.close();
    await rm(blobDir, { recursive: true, force: true });
  });

  async function failingJob(): Promise<{ jobId: string; bookId: string }> {
    const brief = buildBrief();
    const jobId = randomUUID();
    await jobsRepository.insert(database.db, {
      id: jobId,
      bookId: brief._id,
      userId: brief.userId,
      attempt: 1,
      brief: jobBriefOf(brief),
      plan: brief.bookState,
      chaptersTotal: plannedChapters(brief.bookState!).length,
    });
    await runner!.ensureRunning(jobId);
    // The first chapter was refused, the job marked failed, and the run is now reporting it: winding down.
    await until('the failure report', () => book.failures.length === 1);
    expect(runner!.activeJobs).toBe(1);
    expect((await jobsRepository.findById(database.db, jobId))?.status).toBe('failed');
    return { jobId, bookId: brief._id };
  }

  const chapterCalls = () => llm.calls.filter((c) => c.task.kind === 'chapter-part').length;

  it('runs the job again as soon as that run ends, without waiting for a sweep', async () => {
    const { jobId, bookId } = await failingJob();
    // The author's retry arrives now: the job is writing again, and the runner is asked for it.
    refusing = false;
    expect(await jobsRepository.applyAttempt(database.db, jobId, 2)).toMatchObject({ status: 'writing' });
    await runner!.ensureRunning(jobId);
    // Still the first run: the request only noted that the job must start again.
    expect(runner!.activeJobs).toBe(1);

    book.release();
    await until('the manuscript', () => book.completions.length === 1);
    expect(book.completions).toEqual([bookId]);
    // The job is marked completed once the book service has answered the hand-over, a moment after it.
    await until(
      'the job completed',
      async () => (await jobsRepository.findById(database.db, jobId))?.status === 'completed',
    );
    expect(book.failures).toHaveLength(1);
  });

  it('does not run a job again that nobody asked for', async () => {
    const { jobId } = await failingJob();
    // The job is claimable again (as after a retry whose event has not arrived yet), but nobody asks.
    refusing = false;
    await jobsRepository.applyAttempt(database.db, jobId, 2);
    const callsOfTheFirstRun = chapterCalls();

    book.release();
    // A restart would register the job again in the same tick the first run leaves, so none is coming.
    await until('the run to end', () => runner!.activeJobs === 0);
    expect(chapterCalls()).toBe(callsOfTheFirstRun);
    expect(book.completions).toEqual([]);
    expect(await jobsRepository.findById(database.db, jobId)).toMatchObject({ status: 'writing', lease_owner: null });

    // The job was runnable all along: the sweep picks it up.
    await runner!.sweep();
    await until('the manuscript', () => book.completions.length === 1);
  });
});

import { requests } from '@bookwright/contracts/bus';
import { jobsRepository } from '../repositories/jobs.repository';
import type { WritingJobRow } from '../db/schema';
import { BookGoneError, forgetBook, isBookGone } from './book-gone';
import type { WriterDeps } from './deps';
import { loadJob } from './job';
import { Slots } from './slots';
import { JobStoppedError, LeaseLostError } from './run-chapters';
import { reportFailure, writeBook } from './write-book';
import { loadTranslationJob } from '../translating/translation-job';
import { translateBook } from '../translating/translate-book';

interface ActiveJob {
  controller: AbortController;
  done: Promise<void>;
  /** Set once the lease is taken; only then is it renewed. */
  claimed: boolean;
}

/** Jobs picked up per sweep; the rest wait for the next one. */
const sweepBatch = 50;

/**
 * Runs the writing jobs of this process. The database is the source of truth, not the bus: a job is
 * worked on by the instance holding its lease (renewed while it works), so after a crash or a redeploy
 * `start()` and the periodic sweep pick up every unfinished job whose lease is free or has run out —
 * the embedded bus, which forgets its events on restart, is not needed for that. `stop()` aborts the
 * LLM calls in flight, waits for the jobs to settle (nothing partial is committed) and frees their leases
 * so the next instance can continue at once.
 */
export class WritingRunner {
  readonly #deps: WriterDeps;
  readonly #slots: Slots;
  readonly #active = new Map<string, ActiveJob>();
  readonly #runAgain = new Set<string>();
  #timers: NodeJS.Timeout[] = [];
  #stopping = false;
  #sweeping: Promise<void> | undefined;

  constructor(deps: WriterDeps) {
    this.#deps = deps;
    this.#slots = new Slots(deps.tuning.concurrency);
  }

  /** Resumes unfinished jobs, then keeps sweeping and renewing leases. */
  async start(): Promise<void> {
    await this.sweep();
    const sweep = setInterval(() => void this.sweep(), this.#deps.tuning.sweepMs);
    const renew = setInterval(() => void this.#renewLeases(), Math.max(250, Math.floor(this.#deps.tuning.leaseMs / 3)));
    sweep.unref();
    renew.unref();
    this.#timers = [sweep, renew];
  }

  /**
   * Starts the job here unless another live instance holds it. A job still running here (an author's retry
   * can arrive while the failed attempt is winding down) is started again as soon as that run ends,
   * instead of waiting for the next sweep.
   */
  async ensureRunning(jobId: string): Promise<void> {
    if (this.#stopping) return;
    if (this.#active.has(jobId)) {
      if (this.#active.get(jobId)!.claimed) this.#runAgain.add(jobId);
      return;
    }
    const controller = new AbortController();
    let settle: () => void = () => undefined;
    const entry: ActiveJob = { controller, done: new Promise<void>((resolve) => (settle = resolve)), claimed: false };
    // Registered before the first await, so a second call for the same job returns at once.
    this.#active.set(jobId, entry);
    try {
      const row = await jobsRepository.claim(this.#deps.db, jobId, this.#deps.instanceId, this.#deps.tuning.leaseMs);
      if (!row || this.#stopping) {
        if (row) await jobsRepository.release(this.#deps.db, jobId, this.#deps.instanceId);
        this.#active.delete(jobId);
        settle();
        return;
      }
      entry.claimed = true;
      void this.#run(row, controller.signal).finally(() => {
        this.#active.delete(jobId);
        settle();
        if (this.#runAgain.delete(jobId))
          this.ensureRunning(jobId).catch((error: unknown) =>
            this.#deps.logger.warn({ err: error, jobId }, 'could not start the job again; the sweep will'),
          );
      });
    } catch (error) {
      this.#active.delete(jobId);
      settle();
      throw error;
    }
  }

  /** Picks up unfinished jobs without a live owner and re-sends failures the book service has not heard of. */
  sweep(): Promise<void> {
    this.#sweeping ??= (async () => {
      try {
        if (this.#stopping) return;
        const ids = await jobsRepository.claimableIds(this.#deps.db, this.#deps.instanceId, sweepBatch);
        for (const id of ids) await this.ensureRunning(id);
        for (const failed of await jobsRepository.unreportedFailures(this.#deps.db, sweepBatch)) {
          if (this.#stopping) return;
          const step = failed.kind === 'translate' ? 'translating' : 'writing';
          await reportFailure(this.#deps, failed.id, failed.book_id, failed.failure_reason ?? '', step);
        }
      } catch (error) {
        this.#deps.logger.warn({ err: error }, 'writing sweep failed');
      } finally {
        this.#sweeping = undefined;
      }
    })();
    return this.#sweeping;
  }

  /** Sends the stored manuscript of a finished job again (the book service answers `applied: false` if it has it). */
  async resendCompletion(job: WritingJobRow): Promise<void> {
    if (job.status !== 'completed' || !job.manuscript_key) return;
    try {
      await this.#deps.bus.request(
        requests.book.completeManuscript,
        { bookId: job.book_id, contentBlobKey: job.manuscript_key, words: job.words ?? 0, pages: job.pages ?? 0 },
        { timeoutMs: this.#deps.tuning.requestTimeoutMs },
      );
    } catch (error) {
      if (!isBookGone(error)) throw error;
      await forgetBook(this.#deps, job.book_id, this.#deps.logger);
    }
  }

  /**
   * The job was stopped in the database (its book went to the trash): if it runs here, its LLM calls are
   * aborted and its chapter slots freed now rather than at the next lease renewal. An instance elsewhere
   * notices at its next renewal, as the job has no lease any more.
   */
  stopJob(jobId: string): void {
    this.#runAgain.delete(jobId);
    this.#active.get(jobId)?.controller.abort(new JobStoppedError(jobId));
  }

  /** Jobs running in this process (tests and health). */
  get activeJobs(): number {
    return this.#active.size;
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
    for (const job of this.#active.values()) job.controller.abort(new Error('writer stopping'));
    await this.#sweeping;
    await Promise.all([...this.#active.values()].map((job) => job.done));
  }

  async #run(row: WritingJobRow, signal: AbortSignal): Promise<void> {
    const logger = this.#deps.logger.child({ bookId: row.book_id, jobId: row.id });
    try {
      const outcome =
        row.kind === 'translate'
          ? await translateBook(this.#deps, loadTranslationJob(row), this.#slots, signal)
          : await writeBook(this.#deps, loadJob(row), this.#slots, signal);
      logger.info({ outcome }, 'writing job settled');
    } catch (error) {
      if (signal.reason instanceof JobStoppedError)
        logger.info('writing job stopped: its book went to the trash or was deleted');
      else if (error instanceof BookGoneError)
        logger.info('writing job ended: its book was deleted, and the job with it');
      else if (error instanceof LeaseLostError) logger.warn('writing job lost its lease (taken over, or stopped)');
      else if (signal.aborted) logger.info('writing job paused: the writer is stopping');
      // The job stays unfinished; the sweep (here or elsewhere) picks it up again.
      else logger.error({ err: error }, 'writing job interrupted; will resume on the next sweep');
    } finally {
      await jobsRepository.release(this.#deps.db, row.id, this.#deps.instanceId).catch((error: unknown) => {
        logger.warn({ err: error }, 'could not release the writing job; it is freed when its lease runs out');
      });
    }
  }

  async #renewLeases(): Promise<void> {
    const ids = [...this.#active].filter(([, job]) => job.claimed).map(([id]) => id);
    if (ids.length === 0 || this.#stopping) return;
    try {
      const held = new Set(
        await jobsRepository.renew(this.#deps.db, ids, this.#deps.instanceId, this.#deps.tuning.leaseMs),
      );
      for (const id of ids) {
        // Lost (expired and taken by another instance): stop spending tokens on it here.
        if (!held.has(id)) this.#active.get(id)?.controller.abort(new LeaseLostError(id));
      }
    } catch (error) {
      this.#deps.logger.warn({ err: error }, 'could not renew writing leases');
    }
  }
}

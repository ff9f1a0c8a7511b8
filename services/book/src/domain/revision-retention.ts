import { revisionPolicy } from '@bookwright/contracts/http';
import type { Logger } from '@bookwright/kit';
import type { Kysely } from 'kysely';
import type { BookDatabase } from '../db/schema';
import { retentionCutoffs } from './revision-policy';
import { revisionsRepository } from '../repositories/revisions.repository';

export interface RevisionRetentionOptions {
  db: Kysely<BookDatabase>;
  logger: Logger;
  /** The handlers' clock (domain/revision-policy.ts's cutoffs are counted back from it). */
  now: () => Date;
  /** How long after a snapshot its book's history is thinned; snapshots kept meanwhile share the run. */
  delayMs?: number;
}

/**
 * The revision history's retention (domain/revision-policy.ts: only the newest of each hour, then of
 * each day, and never more than `maxPerBook` automatic snapshots) runs shortly after the change that kept
 * a snapshot, in a transaction of its own, instead of in that change's: its two deletes (and, at the cap,
 * the old snapshot's text freed) were on the path of every restore, rewrite and autosave that kept one
 * (issue 22). Until it runs a book may hold the snapshots of the last moment beyond the cap.
 *
 * Thinning works from what is stored and is idempotent, so a run lost to a crash or a failure is made up
 * by the next snapshot's, and two replicas thinning one book delete the same rows. A run that starts
 * before the change commits does not see its snapshot; the next one thins it (decision 0036).
 */
export class RevisionRetention {
  readonly #options: RevisionRetentionOptions;
  readonly #due = new Set<string>();
  #timer: NodeJS.Timeout | undefined;
  #runs: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(options: RevisionRetentionOptions) {
    this.#options = options;
  }

  /** `bookId` kept a snapshot: its history is thinned soon. */
  due(bookId: string): void {
    this.#due.add(bookId);
    if (this.#timer !== undefined || this.#stopped) return;
    this.#timer = setTimeout(() => void this.run(), this.#options.delayMs ?? 1_000);
    this.#timer.unref();
  }

  /** Thins every book marked so far, now; resolves when they are done (tests, and `stop`). */
  run(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const books = [...this.#due];
    this.#due.clear();
    this.#runs = this.#runs.then(async () => {
      for (const bookId of books) await this.#thin(bookId);
    });
    return this.#runs;
  }

  /** Thins what is due and takes no more: the service is stopping. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.run();
  }

  async #thin(bookId: string): Promise<void> {
    const { db, logger, now } = this.#options;
    try {
      await db
        .transaction()
        .execute((trx) => revisionsRepository.prune(trx, bookId, retentionCutoffs(now()), revisionPolicy.maxPerBook));
    } catch (error) {
      logger.warn({ err: error, bookId }, 'thinning the revision history failed; the next snapshot tries again');
    }
  }
}

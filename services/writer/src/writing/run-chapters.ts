import { isDatabaseUnavailable } from '@bookwright/kit';
import type { Slots } from './slots';

/** Another instance took the job over (this one's lease ran out): stop without touching it. */
export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`lease of writing job ${jobId} lost`);
    this.name = 'LeaseLostError';
  }
}

/** The job was stopped (its book went to the trash): end without touching it. */
export class JobStoppedError extends Error {
  constructor(jobId: string) {
    super(`writing job ${jobId} stopped`);
    this.name = 'JobStoppedError';
  }
}

/** The first chapter that could not be done, and why. */
export interface ChapterFailure {
  chapter: number;
  error: unknown;
}

/** Work of a chapter that goes on after its slot is given back; it fails the run like the chapter would. */
export interface ChapterTail {
  finishing: Promise<void>;
}

/**
 * Runs `work` for each chapter in reading order, at most `slots` at a time across the process (writing
 * and translating share them). After the first failure, a lost lease or an abort it starts no more, and
 * it always waits for the chapters in flight, tails included. `work` runs synchronously up to its first await when its
 * slot is granted, so what it reads then (the chapters finished so far) is current.
 *
 * Resolves with the first failure, or undefined when every chapter is done. Rejects with the signal's
 * reason when aborted and with LeaseLostError when another instance took the job over. A failure that
 * is the database being away (a restart) rejects too: nothing is wrong with the book, and the job is left
 * unfinished for the sweep to resume from the chapters committed, instead of failing the book.
 */
export async function runChapters<C extends { number: number }>(
  chapters: readonly C[],
  slots: Slots,
  signal: AbortSignal,
  work: (chapter: C) => Promise<void | ChapterTail>,
): Promise<ChapterFailure | undefined> {
  let failure: ChapterFailure | undefined;
  let leaseLost: LeaseLostError | undefined;
  const running = new Set<Promise<void>>();
  try {
    for (const chapter of chapters) {
      const release = await slots.acquire(signal);
      if (failure || leaseLost || signal.aborted) {
        release();
        break;
      }
      const settle = (error: unknown) => {
        if (error instanceof LeaseLostError) leaseLost ??= error;
        else if (!signal.aborted) failure ??= { chapter: chapter.number, error };
      };
      const track = (task: Promise<void>) => {
        running.add(task);
        void task.finally(() => running.delete(task));
      };
      track(
        (async () => {
          try {
            const done = await work(chapter);
            // What is left of the chapter after its slot is given back (its notes and commit).
            if (done) track(done.finishing.catch(settle));
          } catch (error) {
            settle(error);
          } finally {
            release();
          }
        })(),
      );
    }
  } catch (error) {
    // Only an abort while waiting for a slot lands here; the chapters in flight still have to settle.
    if (!signal.aborted) throw error;
  } finally {
    // A chapter in flight may still add its tail.
    while (running.size > 0) await Promise.all(running);
  }
  signal.throwIfAborted();
  if (leaseLost) throw leaseLost;
  if (failure && isDatabaseUnavailable(failure.error)) throw failure.error;
  return failure;
}

import { setTimeout as sleep } from 'node:timers/promises';
import { events, type TiptapDocument, requests } from '@bookwright/contracts';
import { LlmError } from '@bookwright/ai';
import { enqueueEvent } from '@bookwright/kit';
import { chapterContinuity, storyBible, type FinishedChapterNotes } from '../domain/continuity';
import { failureReasons } from '../domain/failure-reasons';
import { assembleManuscript, manuscriptStats } from '../domain/manuscript';
import { PhraseCounts } from '../domain/overused-phrases';
import { tailOf, type ChapterForPrompt } from '../domain/prompts';
import { chaptersRepository } from '../repositories/chapters.repository';
import { jobsRepository } from '../repositories/jobs.repository';
import type { WriterDeps } from './deps';
import { manuscriptKey, type LoadedJob } from './job';
import { LeaseLostError, runChapters, type ChapterFailure } from './run-chapters';
import type { Slots } from './slots';
import { notesFromOpening, takeChapterNotes, UsageMeter, writeChapterText, type WrittenChapter } from './write-chapter';

export type BookOutcome = 'completed' | 'failed';

/**
 * Writes the unfinished chapters of a job, at most `slots` at a time across the process, in reading
 * order; commits each as it completes; then assembles and hands over the manuscript, or records why
 * writing failed. Rejects with the signal's reason when aborted (nothing partial is committed) and with
 * LeaseLostError when another instance took the job over.
 */
export async function writeBook(
  deps: WriterDeps,
  job: LoadedJob,
  slots: Slots,
  signal: AbortSignal,
): Promise<BookOutcome> {
  const logger = deps.logger.child({ bookId: job.bookId, jobId: job.id, attempt: job.attempt });
  const usage = new UsageMeter();
  const bible = storyBible(job.plan);
  const characterNames = 'characters' in job.plan ? job.plan.characters.map((c) => c.name) : [];

  // The notes (summary and facts) of every chapter that has them, committed or not: what later chapters'
  // continuity is made of. A chapter waits for notes, never for another chapter's commit.
  const notes = new Map<number, FinishedChapterNotes>();
  // Chapters whose text is done, committed or still having their notes taken.
  const texts = new Map<number, string>();
  const committed = new Set<number>();
  // Notes being taken, by chapter; settled once they are in `notes` (or could not be had).
  const noting = new Map<number, Promise<void>>();
  const rows = await chaptersRepository.listForJob(deps.db, job.id);
  for (const row of rows) {
    committed.add(row.chapter_number);
    texts.set(row.chapter_number, row.text);
    if (row.notes_taken)
      notes.set(row.chapter_number, {
        number: row.chapter_number,
        title: row.title,
        summary: row.summary,
        facts: row.facts,
      });
  }
  const pending = job.chapters.filter((c) => !committed.has(c.number));
  // Chapters whose writing began in this run.
  const started = new Set<number>();
  // A chapter's notes are waited for only by later chapters that start after its text is done: when every
  // later chapter is committed or already being written (the last chapter; the final wave), nobody would
  // wait for them and the notes call is not made. Chapters already being written never wait for them (the
  // continuity rule); if one is written again after a failure, a resumed job takes the missing notes first.
  const notesWanted = (number: number) =>
    job.chapters.some((c) => c.number > number && !committed.has(c.number) && !started.has(c.number));
  const noteTaking = (number: number, taking: Promise<void>) => {
    const settled = taking.then(
      () => undefined,
      () => undefined,
    );
    noting.set(number, settled);
    void settled.then(() => noting.delete(number));
    return settled;
  };
  // Each chapter's text is counted once, when first seen, instead of the whole book before every chapter.
  const phrases = new PhraseCounts({ ignoreWords: characterNames.flatMap((name) => name.split(/\s+/)) });
  const counted = new Set<number>();
  const overusedPhrases = () => {
    for (const [number, text] of texts) {
      if (counted.has(number)) continue;
      counted.add(number);
      phrases.add(text);
    }
    return phrases.overused().map((p) => p.phrase);
  };
  if (pending.length < job.chapters.length) {
    logger.info({ finished: committed.size, total: job.chapters.length }, 'resuming from the chapters already written');
  }

  for (const chapter of pending)
    if (!job.budgets.get(chapter.number)) throw new Error(`no budget for chapter ${chapter.number}`);

  const noteInput = (chapter: ChapterForPrompt) => ({
    llm: deps.llm,
    bookId: job.bookId,
    book: job.brief,
    chapter,
    usage,
    signal,
    logger,
  });
  // A resumed job: committed chapters without notes that a chapter still to be written now needs get them
  // first (alongside the first parts, like the notes of a chapter just written).
  const catchingUp: Promise<void>[] = [];
  for (const row of rows) {
    const chapter = job.chapters.find((c) => c.number === row.chapter_number);
    if (row.notes_taken || !chapter || !notesWanted(chapter.number)) continue;
    const taking = (async () => {
      const taken = await takeChapterNotes(noteInput(chapter), row.text);
      notes.set(chapter.number, { number: chapter.number, title: chapter.title, ...taken });
      await chaptersRepository.setNotes(deps.db, job.id, chapter.number, taken).catch((error: unknown) => {
        // Only a cost: a later resume takes them again.
        logger.warn({ err: error, chapter: chapter.number }, 'could not store the notes of a committed chapter');
      });
    })();
    catchingUp.push(noteTaking(chapter.number, taking));
  }

  const planned = job.chapters.map((c) => ({ number: c.number, title: c.title, brief: c.brief }));
  let failure: ChapterFailure | undefined;
  try {
    failure = await runChapters(pending, slots, signal, async (chapter) => {
      started.add(chapter.number);
      const budget = job.budgets.get(chapter.number)!;
      // Earlier chapters whose text is done but whose notes are still being taken when this one starts:
      // its first part has their plan (and the previous chapter's ending), every later part their notes.
      const notesToWaitFor = [...noting].filter(([number]) => number < chapter.number).map(([, taken]) => taken);
      const continuityFor = async (partNumber: number) => {
        if (partNumber > 1) await Promise.all(notesToWaitFor);
        const previous = chapter.number - 1;
        const previousText = notes.has(previous) ? undefined : texts.get(previous);
        return chapterContinuity({
          number: chapter.number,
          bible,
          planned,
          finished: notes,
          avoidPhrases: overusedPhrases(),
          ...(previousText ? { previousChapterEnding: tailOf(previousText) } : {}),
        });
      };
      const input = {
        ...noteInput(chapter),
        characterNames,
        budget,
        continuityFor,
      };
      const text = await withRetries(deps, chapter.number, signal, () => writeChapterText(input));
      texts.set(chapter.number, text.text);
      // The notes (one more call) go on after the chapter's slot is given back, so the next chapter's first
      // part is written meanwhile; at WRITER_OVERLAP_NOTES=false the chapter keeps its slot until committed.
      const taking = notesWanted(chapter.number)
        ? takeChapterNotes(input, text.text).then((taken) => {
            notes.set(chapter.number, { number: chapter.number, title: chapter.title, ...taken });
            return taken;
          })
        : undefined;
      if (taking)
        noteTaking(
          chapter.number,
          taking.then(() => undefined),
        );
      const finishing = (async () => {
        const taken = await taking;
        const written: WrittenChapter & { notesTaken: boolean } = {
          ...text,
          ...(taken ?? notesFromOpening(text.text)),
          notesTaken: taken !== undefined,
        };
        await commitChapter(deps, job, written, usage, events.bookChapterWritten);
        committed.add(written.number);
        logger.info(
          {
            chapter: written.number,
            words: written.words,
            characters: written.characters,
            target: budget.targetChars,
            parts: written.parts,
            notesTaken: written.notesTaken,
          },
          'chapter written',
        );
      })();
      if (!deps.tuning.overlapNotes) return finishing;
      return { finishing };
    });
  } finally {
    await Promise.all(catchingUp);
    // Calls of chapters that did not get committed still cost tokens.
    await jobsRepository.addUsage(deps.db, job.id, usage.take()).catch((error: unknown) => {
      logger.warn({ err: error }, 'could not record token usage');
    });
  }

  if (failure) {
    const firstUnfinished = job.chapters.find((c) => !committed.has(c.number))?.number ?? failure.chapter;
    const reason = failureReason(failure.error, firstUnfinished);
    logger.error({ err: failure.error, chapter: failure.chapter, reason }, 'writing failed');
    await jobsRepository.markFailed(deps.db, job.id, deps.instanceId, reason);
    await reportFailure(deps, job.id, job.bookId, reason);
    return 'failed';
  }
  await finishBook(deps, job);
  return 'completed';
}

/** Tries a chapter up to `chapterAttempts` times with doubling back-off; a refusal is not tried again. */
export async function withRetries<T>(
  deps: WriterDeps,
  chapter: number,
  signal: AbortSignal,
  write: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      signal.throwIfAborted();
      const final = attempt >= deps.tuning.chapterAttempts || (error instanceof LlmError && !error.retryable);
      if (final) throw error;
      const delay = deps.tuning.retryBaseMs * 2 ** (attempt - 1);
      deps.logger.warn({ err: error, chapter, attempt, retryInMs: delay }, 'chapter failed: will try again');
      await sleep(delay, undefined, { signal });
    }
  }
}

/** What a committed chapter stores (writing and translating alike). */
export type CommittedChapter = Pick<
  WrittenChapter,
  'number' | 'title' | 'text' | 'words' | 'characters' | 'summary' | 'facts' | 'parts'
> & { notesTaken?: boolean };

/**
 * One transaction: the chapter row, the job's token usage and the progress event (outbox). Only the
 * instance holding the job's lease may commit, and a chapter is committed once.
 */
export async function commitChapter(
  deps: WriterDeps,
  job: Pick<LoadedJob, 'id' | 'bookId' | 'userId' | 'attempt'> & { chapters: readonly unknown[] },
  chapter: CommittedChapter,
  usage: UsageMeter,
  progress: typeof events.bookChapterWritten | typeof events.bookChapterTranslated,
): Promise<void> {
  const spent = usage.take();
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (!(await jobsRepository.holdsLease(trx, job.id, deps.instanceId))) throw new LeaseLostError(job.id);
      const inserted = await chaptersRepository.insert(trx, {
        jobId: job.id,
        chapterNumber: chapter.number,
        title: chapter.title,
        text: chapter.text,
        words: chapter.words,
        characters: chapter.characters,
        summary: chapter.summary,
        facts: chapter.facts,
        parts: chapter.parts,
        attempt: job.attempt,
        notesTaken: chapter.notesTaken ?? true,
      });
      await jobsRepository.addUsage(trx, job.id, spent);
      if (!inserted) return;
      const chaptersWritten = await chaptersRepository.count(trx, job.id);
      await enqueueEvent(trx, progress, {
        bookId: job.bookId,
        userId: job.userId,
        chapterNumber: chapter.number,
        chaptersWritten,
        chaptersTotal: job.chapters.length,
      });
    });
  } catch (error) {
    // Not recorded with the chapter: count it with whatever is recorded next.
    usage.promptTokens += spent.promptTokens;
    usage.completionTokens += spent.completionTokens;
    usage.calls += spent.calls;
    throw error;
  }
  deps.relay.kick();
}

function failureReason(error: unknown, chapter: number): string {
  if (error instanceof LlmError)
    return error.retryable ? failureReasons.aiUnavailable(chapter) : failureReasons.aiRefused(chapter);
  return failureReasons.internal(chapter);
}

/** Tells the book service; if it cannot be reached now, the sweep tells it later. */
export async function reportFailure(
  deps: WriterDeps,
  jobId: string,
  bookId: string,
  reason: string,
  step: 'writing' | 'translating' = 'writing',
): Promise<void> {
  try {
    await deps.bus.request(
      requests.book.recordFailure,
      { bookId, step, reason },
      { timeoutMs: deps.tuning.requestTimeoutMs },
    );
    await jobsRepository.markFailureReported(deps.db, jobId, reason);
  } catch (error) {
    deps.logger.warn({ err: error, bookId }, 'could not report the writing failure yet; will retry');
  }
}

/**
 * Assembles the manuscript from the committed chapters, validates it, stores it under
 * `manuscripts/<bookId>/<attempt>.json` and hands it to the book service. Safe to repeat.
 */
export async function finishBook(deps: WriterDeps, job: LoadedJob): Promise<void> {
  const rows = await committedChapters(deps, job, 'written');
  const document = assembleManuscript({
    language: job.brief.language,
    allowLists: job.brief.bookType === 'non-fiction',
    chapters: rows.map((r) => ({ number: r.chapter_number, title: r.title, text: r.text })),
  });
  await handOverManuscript(deps, job, document, 'manuscript complete');
}

/** Every chapter of a job as committed, in reading order; throws while any is missing. */
export async function committedChapters(
  deps: WriterDeps,
  job: { id: string; chapters: readonly { number: number }[] },
  done: 'written' | 'translated',
) {
  const rows = await chaptersRepository.listForJob(deps.db, job.id);
  const missing = job.chapters.filter((c) => !rows.some((r) => r.chapter_number === c.number));
  if (missing.length > 0) throw new Error(`chapters ${missing.map((c) => c.number).join(', ')} are not ${done}`);
  return rows;
}

/**
 * Stores a finished document under the attempt's manuscript key, hands it to the book service and marks
 * the job completed. Safe to repeat (the key, the request and the mark are all idempotent).
 */
export async function handOverManuscript(
  deps: WriterDeps,
  job: { id: string; bookId: string; attempt: number },
  document: TiptapDocument,
  logMessage: string,
): Promise<void> {
  const stats = manuscriptStats(document);
  const key = manuscriptKey(job.bookId, job.attempt);
  await deps.blobs.put(key, Buffer.from(JSON.stringify(document)), { contentType: 'application/json' });
  await deps.bus.request(
    requests.book.completeManuscript,
    { bookId: job.bookId, contentBlobKey: key, words: stats.words, pages: stats.pages },
    { timeoutMs: deps.tuning.requestTimeoutMs },
  );
  await jobsRepository.markCompleted(deps.db, job.id, { key, words: stats.words, pages: stats.pages });
  deps.logger.info({ bookId: job.bookId, key, words: stats.words, pages: stats.pages }, logMessage);
}

import { setTimeout as sleep } from 'node:timers/promises';
import { events } from '@bookwright/contracts/events';
import { type TiptapDocument } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { LlmError } from '@bookwright/ai';
import { chapterContinuity, storyBible, type FinishedChapterNotes } from '../domain/continuity';
import { failureReasons } from '../domain/failure-reasons';
import {
  assembleManuscript,
  manuscriptStats,
  manuscriptStyle,
  prepareChapter,
  type PreparedChapter,
} from '../domain/manuscript';
import { PhraseCounts } from '../domain/overused-phrases';
import { tailOf, type ChapterForPrompt } from '../domain/prompts';
import type { WrittenChapterRow } from '../db/schema';
import { chaptersRepository } from '../repositories/chapters.repository';
import { jobsRepository } from '../repositories/jobs.repository';
import { BookGoneError, forgetBook, isBookGone } from './book-gone';
import type { WriterDeps } from './deps';
import { manuscriptKey, type LoadedJob } from './job';
import { LeaseLostError, runChapters, type ChapterFailure, type ChapterTail } from './run-chapters';
import type { Slots } from './slots';
import {
  notesFromOpening,
  takeChapterNotes,
  UsageMeter,
  writeChapterText,
  type ChapterText,
  type WrittenChapter,
} from './write-chapter';

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
  const run = startRun(deps, job, signal);
  const rows = await chaptersRepository.listForJob(deps.db, job.id);
  takeInCommitted(run, rows);
  const pending = job.chapters.filter((c) => !run.committed.has(c.number));
  if (pending.length < job.chapters.length) {
    run.logger.info(
      { finished: run.committed.size, total: job.chapters.length },
      'resuming from the chapters already written',
    );
  }
  for (const chapter of pending)
    if (!job.budgets.get(chapter.number)) throw new Error(`no budget for chapter ${chapter.number}`);
  const catchingUp = catchUpNotes(run, rows);

  let failure: ChapterFailure | undefined;
  try {
    failure = await runChapters(pending, slots, signal, (chapter) => writeAndCommitChapter(run, chapter));
  } finally {
    await Promise.all(catchingUp);
    // Calls of chapters that did not get committed still cost tokens.
    await jobsRepository.addUsage(deps.db, job.id, run.usage.take()).catch((error: unknown) => {
      run.logger.warn({ err: error }, 'could not record token usage');
    });
  }

  if (failure) {
    await recordWritingFailure(run, failure);
    return 'failed';
  }
  await finishBook(deps, job, run.prepared);
  return 'completed';
}

/** One run of `writeBook`: what it writes from, and where each chapter stands. */
interface BookRun {
  deps: WriterDeps;
  job: LoadedJob;
  signal: AbortSignal;
  logger: WriterDeps['logger'];
  usage: UsageMeter;
  bible: string;
  characterNames: string[];
  planned: { number: number; title: string; brief: string }[];
  /**
   * The notes (summary and facts) of every chapter that has them, committed or not: what later chapters'
   * continuity is made of. A chapter waits for notes, never for another chapter's commit.
   */
  notes: Map<number, FinishedChapterNotes>;
  /** Chapters whose text is done, committed or still having their notes taken. */
  texts: Map<number, string>;
  committed: Set<number>;
  /** Notes being taken, by chapter; settled once they are in `notes` (or could not be had). */
  noting: Map<number, Promise<void>>;
  /** Chapters whose writing began in this run. */
  started: Set<number>;
  /** The phrases the book already uses too often, for the next part to avoid. */
  overusedPhrases: () => string[];
  /**
   * Chapters committed in this run as manuscript blocks, made while later chapters are being written so
   * that the finished book is only put together at the end.
   */
  prepared: Map<number, PreparedChapter>;
}

function startRun(deps: WriterDeps, job: LoadedJob, signal: AbortSignal): BookRun {
  const characterNames = 'characters' in job.plan ? job.plan.characters.map((c) => c.name) : [];
  const texts = new Map<number, string>();
  return {
    deps,
    job,
    signal,
    logger: deps.logger.child({ bookId: job.bookId, jobId: job.id, attempt: job.attempt }),
    usage: new UsageMeter(),
    bible: storyBible(job.plan),
    characterNames,
    planned: job.chapters.map((c) => ({ number: c.number, title: c.title, brief: c.brief })),
    notes: new Map(),
    texts,
    committed: new Set(),
    noting: new Map(),
    started: new Set(),
    overusedPhrases: phraseWatch(characterNames, texts),
    prepared: new Map(),
  };
}

/** Each chapter's text is counted once, when first seen, instead of the whole book before every chapter. */
function phraseWatch(characterNames: string[], texts: ReadonlyMap<number, string>): () => string[] {
  const phrases = new PhraseCounts({ ignoreWords: characterNames.flatMap((name) => name.split(/\s+/)) });
  const counted = new Set<number>();
  // Every part of every chapter asks, and chapters starting together ask with nothing new counted: the
  // list is made again only when a chapter's text has been added since (it scans every n-gram counted).
  let overused: string[] | undefined;
  return () => {
    for (const [number, text] of texts) {
      if (counted.has(number)) continue;
      counted.add(number);
      phrases.add(text);
      overused = undefined;
    }
    overused ??= phrases.overused().map((p) => p.phrase);
    return overused;
  };
}

/** The chapters an earlier run committed: their text, and their notes when they were taken. */
function takeInCommitted(run: BookRun, rows: WrittenChapterRow[]) {
  for (const row of rows) {
    run.committed.add(row.chapter_number);
    run.texts.set(row.chapter_number, row.text);
    if (row.notes_taken)
      run.notes.set(row.chapter_number, {
        number: row.chapter_number,
        title: row.title,
        summary: row.summary,
        facts: row.facts,
      });
  }
}

/**
 * A chapter's notes are waited for only by later chapters that start after its text is done: when every
 * later chapter is committed or already being written (the last chapter; the final wave), nobody would
 * wait for them and the notes call is not made. Chapters already being written never wait for them (the
 * continuity rule); if one is written again after a failure, a resumed job takes the missing notes first.
 */
function notesWanted({ job, committed, started }: BookRun, number: number): boolean {
  return job.chapters.some((c) => c.number > number && !committed.has(c.number) && !started.has(c.number));
}

/** Records notes being taken for `number` until they settle, whether or not they could be had. */
function noteTaking({ noting }: BookRun, number: number, taking: Promise<void>): Promise<void> {
  const settled = taking.then(
    () => undefined,
    () => undefined,
  );
  noting.set(number, settled);
  void settled.then(() => noting.delete(number));
  return settled;
}

function noteInput({ deps, job, usage, signal, logger }: BookRun, chapter: ChapterForPrompt) {
  return { llm: deps.llm, bookId: job.bookId, book: job.brief, chapter, usage, signal, logger };
}

/**
 * A resumed job: committed chapters without notes that a chapter still to be written now needs get them
 * first (alongside the first parts, like the notes of a chapter just written).
 */
function catchUpNotes(run: BookRun, rows: WrittenChapterRow[]): Promise<void>[] {
  const { deps, job, logger } = run;
  const catchingUp: Promise<void>[] = [];
  for (const row of rows) {
    const chapter = job.chapters.find((c) => c.number === row.chapter_number);
    if (row.notes_taken || !chapter || !notesWanted(run, chapter.number)) continue;
    const taking = (async () => {
      const taken = await takeChapterNotes(noteInput(run, chapter), row.text);
      run.notes.set(chapter.number, { number: chapter.number, title: chapter.title, ...taken });
      await chaptersRepository.setNotes(deps.db, job.id, chapter.number, taken).catch((error: unknown) => {
        // Only a cost: a later resume takes them again.
        logger.warn({ err: error, chapter: chapter.number }, 'could not store the notes of a committed chapter');
      });
    })();
    catchingUp.push(noteTaking(run, chapter.number, taking));
  }
  return catchingUp;
}

/**
 * Writes one chapter's text in its slot, then takes its notes and commits it. The notes (one more call) go
 * on after the chapter's slot is given back, so the next chapter's first part is written meanwhile; at
 * WRITER_OVERLAP_NOTES=false the chapter keeps its slot until committed.
 */
async function writeAndCommitChapter(run: BookRun, chapter: ChapterForPrompt): Promise<void | ChapterTail> {
  const { deps, job, signal } = run;
  run.started.add(chapter.number);
  const budget = job.budgets.get(chapter.number)!;
  const input = {
    ...noteInput(run, chapter),
    characterNames: run.characterNames,
    budget,
    continuityFor: continuityOf(run, chapter),
  };
  const text = await withRetries(deps, chapter.number, signal, () => writeChapterText(input));
  run.texts.set(chapter.number, text.text);
  const taking = notesWanted(run, chapter.number)
    ? takeChapterNotes(input, text.text).then((taken) => {
        run.notes.set(chapter.number, { number: chapter.number, title: chapter.title, ...taken });
        return taken;
      })
    : undefined;
  if (taking)
    noteTaking(
      run,
      chapter.number,
      taking.then(() => undefined),
    );
  const finishing = commitWithNotes(run, text, taking, budget.targetChars);
  if (!deps.tuning.overlapNotes) return finishing;
  return { finishing };
}

/**
 * The continuity of each part of a chapter. Earlier chapters whose text is done but whose notes are still
 * being taken when this one starts: its first part has their plan (and the previous chapter's ending),
 * every later part their notes.
 */
function continuityOf(run: BookRun, chapter: ChapterForPrompt) {
  const { notes, texts } = run;
  const notesToWaitFor = [...run.noting].filter(([number]) => number < chapter.number).map(([, taken]) => taken);
  return async (partNumber: number) => {
    if (partNumber > 1) await Promise.all(notesToWaitFor);
    const previous = chapter.number - 1;
    const previousText = notes.has(previous) ? undefined : texts.get(previous);
    return chapterContinuity({
      number: chapter.number,
      bible: run.bible,
      planned: run.planned,
      finished: notes,
      avoidPhrases: run.overusedPhrases(),
      ...(previousText ? { previousChapterEnding: tailOf(previousText) } : {}),
    });
  };
}

/** Commits a written chapter with its notes, or with notes made from its opening when none were taken. */
async function commitWithNotes(
  run: BookRun,
  text: ChapterText,
  taking: Promise<{ summary: string; facts: string[] }> | undefined,
  targetChars: number,
): Promise<void> {
  const taken = await taking;
  const written: WrittenChapter & { notesTaken: boolean } = {
    ...text,
    ...(taken ?? notesFromOpening(text.text)),
    notesTaken: taken !== undefined,
  };
  await commitChapter(run.deps, run.job, written, run.usage, events.bookChapterWritten);
  run.committed.add(written.number);
  prepareForManuscript(run, written);
  run.logger.info(
    {
      chapter: written.number,
      words: written.words,
      characters: written.characters,
      target: targetChars,
      parts: written.parts,
      notesTaken: written.notesTaken,
    },
    'chapter written',
  );
}

/**
 * The committed chapter's manuscript blocks, ready for `finishBook`. A chapter whose blocks are not valid
 * is left out here: `finishBook` prepares it again and fails the hand-over, as it always did.
 */
function prepareForManuscript({ job, prepared }: BookRun, chapter: WrittenChapter): void {
  try {
    prepared.set(chapter.number, prepareChapter(manuscriptStyle(job.brief), chapter));
  } catch {
    // Left to finishBook (above).
  }
}

/** Marks the job failed with the reason of the first unfinished chapter, and tells the book service. */
async function recordWritingFailure({ deps, job, committed, logger }: BookRun, failure: ChapterFailure) {
  const firstUnfinished = job.chapters.find((c) => !committed.has(c.number))?.number ?? failure.chapter;
  const reason = failureReason(failure.error, firstUnfinished);
  logger.error({ err: failure.error, chapter: failure.chapter, reason }, 'writing failed');
  await jobsRepository.markFailed(deps.db, job.id, deps.instanceId, reason);
  await reportFailure(deps, job.id, job.bookId, reason);
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
 * instance holding the job's lease may commit, and a chapter is committed once. Three statements and the
 * commit (they wait for each other, and on the embedded database for everyone else's): the usage with the
 * lease check and the job row's lock, the chapter with the count it makes, and the event's row, which this
 * writer publishes itself right after the commit (`enqueueHeld`) instead of waking the relay to claim it.
 */
export async function commitChapter(
  deps: WriterDeps,
  job: Pick<LoadedJob, 'id' | 'bookId' | 'userId' | 'attempt'> & { chapters: readonly unknown[] },
  chapter: CommittedChapter,
  usage: UsageMeter,
  progress: typeof events.bookChapterWritten | typeof events.bookChapterTranslated,
): Promise<void> {
  const spent = usage.take();
  let committed: object | undefined;
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (!(await jobsRepository.chargeHoldingLease(trx, job.id, deps.instanceId, spent)))
        throw new LeaseLostError(job.id);
      const chaptersWritten = await chaptersRepository.insert(trx, {
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
      if (chaptersWritten === undefined) return;
      await deps.relay.enqueueHeld(trx, progress, {
        bookId: job.bookId,
        userId: job.userId,
        chapterNumber: chapter.number,
        chaptersWritten,
        chaptersTotal: job.chapters.length,
      });
      committed = trx;
    });
  } catch (error) {
    // Not recorded with the chapter: count it with whatever is recorded next.
    usage.promptTokens += spent.promptTokens;
    usage.completionTokens += spent.completionTokens;
    usage.calls += spent.calls;
    throw error;
  }
  if (committed) deps.relay.committed(committed);
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
    if (isBookGone(error)) {
      // Nobody is left to tell: the job goes, or the sweep would report it for ever.
      await forgetBook(deps, bookId, deps.logger);
      deps.logger.info({ bookId }, 'the failed job of a deleted book is removed');
      return;
    }
    deps.logger.warn({ err: error, bookId }, 'could not report the writing failure yet; will retry');
  }
}

/**
 * Assembles the manuscript from the committed chapters, validates it, stores it under
 * `manuscripts/<bookId>/<attempt>.json` and hands it to the book service. Safe to repeat. The chapters
 * are read back as committed; those `prepared` already holds with the same title and text are not
 * converted again.
 */
export async function finishBook(
  deps: WriterDeps,
  job: LoadedJob,
  prepared?: ReadonlyMap<number, PreparedChapter>,
): Promise<void> {
  const rows = await committedChapters(deps, job, 'written');
  const document = assembleManuscript({
    ...manuscriptStyle(job.brief),
    chapters: rows.map((r) => ({ number: r.chapter_number, title: r.title, text: r.text })),
    ...(prepared ? { prepared } : {}),
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
  try {
    await deps.bus.request(
      requests.book.completeManuscript,
      { bookId: job.bookId, contentBlobKey: key, words: stats.words, pages: stats.pages },
      { timeoutMs: deps.tuning.requestTimeoutMs },
    );
  } catch (error) {
    // Deleted while it was being written: the manuscript just stored would outlive it, and the job with it.
    if (!isBookGone(error)) throw error;
    await forgetBook(deps, job.bookId, deps.logger);
    throw new BookGoneError(job.bookId);
  }
  await jobsRepository.markCompleted(deps.db, job.id, { key, words: stats.words, pages: stats.pages });
  deps.logger.info({ bookId: job.bookId, key, words: stats.words, pages: stats.pages }, logMessage);
}

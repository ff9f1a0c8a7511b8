import { events } from '@bookwright/contracts/events';
import { TiptapDocumentSchema, type TiptapNode } from '@bookwright/contracts/http';
import { LlmError } from '@bookwright/ai';
import { failureReasons } from '../domain/failure-reasons';
import { chaptersRepository } from '../repositories/chapters.repository';
import { jobsRepository } from '../repositories/jobs.repository';
import type { WriterDeps } from '../writing/deps';
import type { Slots } from '../writing/slots';
import { runChapters, type ChapterFailure } from '../writing/run-chapters';
import {
  commitChapter,
  committedChapters,
  handOverManuscript,
  reportFailure,
  withRetries,
  type BookOutcome,
} from '../writing/write-book';
import { UsageMeter } from '../writing/write-chapter';
import { translateChapter } from './translate-chapter';
import type { LoadedTranslationJob } from './translation-job';

/**
 * Translates the chapters of a job not translated yet, at most `slots` at a time across the process
 * (shared with writing), and commits each once with a `book.chapter-translated` progress event; then
 * assembles the translated manuscript and hands it over, or records why translating failed. Rejects with
 * the signal's reason when aborted (nothing partial is committed) and with LeaseLostError when another
 * instance took the job over. The same guarantees as writeBook, from the same tables.
 */
export async function translateBook(
  deps: WriterDeps,
  job: LoadedTranslationJob,
  slots: Slots,
  signal: AbortSignal,
): Promise<BookOutcome> {
  const logger = deps.logger.child({ bookId: job.bookId, jobId: job.id, attempt: job.attempt, kind: 'translate' });
  const usage = new UsageMeter();
  const done = new Set((await chaptersRepository.listForJob(deps.db, job.id)).map((r) => r.chapter_number));
  const pending = job.chapters.filter((c) => !done.has(c.number));
  if (done.size > 0) logger.info({ finished: done.size, total: job.chapters.length }, 'resuming the translation');

  let failure: ChapterFailure | undefined;
  try {
    failure = await runChapters(pending, slots, signal, async (chapter) => {
      const translated = await withRetries(deps, chapter.number, signal, () =>
        translateChapter({ llm: deps.llm, job, chapter, usage, signal, logger }),
      );
      await commitChapter(
        deps,
        job,
        {
          number: translated.number,
          title: translated.title,
          text: JSON.stringify(translated.nodes),
          words: translated.words,
          characters: translated.characters,
          summary: '',
          facts: [],
          parts: translated.parts,
        },
        usage,
        events.bookChapterTranslated,
      );
      done.add(translated.number);
      logger.info({ chapter: translated.number, words: translated.words }, 'chapter translated');
    });
  } finally {
    await jobsRepository.addUsage(deps.db, job.id, usage.take()).catch((error: unknown) => {
      logger.warn({ err: error }, 'could not record token usage');
    });
  }

  if (failure) {
    const firstUnfinished = job.chapters.find((c) => !done.has(c.number))?.number ?? failure.chapter;
    const reason =
      failure.error instanceof LlmError
        ? failure.error.retryable
          ? failureReasons.translationAiUnavailable(firstUnfinished)
          : failureReasons.translationAiRefused(firstUnfinished)
        : failureReasons.translationInternal(firstUnfinished);
    logger.error({ err: failure.error, chapter: failure.chapter, reason }, 'translation failed');
    await jobsRepository.markFailed(deps.db, job.id, deps.instanceId, reason);
    await reportFailure(deps, job.id, job.bookId, reason, 'translating');
    return 'failed';
  }
  await finishTranslation(deps, job);
  return 'completed';
}

/**
 * Assembles the translated chapters in reading order, validates the document, stores it under the
 * manuscript key of the attempt and hands it to the book service. Safe to repeat.
 */
export async function finishTranslation(deps: WriterDeps, job: LoadedTranslationJob): Promise<void> {
  const rows = await committedChapters(deps, job, 'translated');
  const content = rows.flatMap((r) => JSON.parse(r.text) as TiptapNode[]);
  await handOverManuscript(deps, job, TiptapDocumentSchema.parse({ type: 'doc', content }), 'translation complete');
}

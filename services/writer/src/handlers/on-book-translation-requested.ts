import { randomUUID } from 'node:crypto';
import { chaptersOf, TiptapDocumentSchema } from '@bookwright/contracts/http';
import { type events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { printedManuscript } from '@bookwright/manuscript';
import { giveUpOnLastDelivery, type BlobStore, type EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import { failureReasons } from '../domain/failure-reasons';
import { jobsRepository } from '../repositories/jobs.repository';
import { bookOutlivedInsert, fetchBrief } from '../writing/book-brief';
import type { TranslationSource } from '../translating/translation-job';
import { jobBriefOf } from '../writing/job';
import { runAttempt } from './on-book-confirmed';
import type { WriterHandlerDeps } from './deps';

type TranslationRequested = z.output<(typeof events.bookTranslationRequested)['schema']>;

/**
 * `book.translation-requested`: a new book is to be translated from another (attempt 1), or a failed
 * translation is retried (a higher attempt). The first one snapshots the original's manuscript into a
 * translation job; later ones resume it with the chapters already translated; a redelivery changes
 * nothing. As with writing, the work runs in the background and the database is what a restarted writer
 * resumes from.
 */
export function onTranslationRequested(deps: WriterHandlerDeps & { blobs: Pick<BlobStore, 'get'> }) {
  return giveUpOnLastDelivery(startTranslating(deps), async (event) => {
    await deps.bus.request(requests.book.recordFailure, {
      bookId: event.bookId,
      step: 'translating',
      reason: failureReasons.translationNotStarted,
    });
  });
}

function startTranslating(deps: WriterHandlerDeps & { blobs: Pick<BlobStore, 'get'> }) {
  return async (event: TranslationRequested, meta: EventMeta): Promise<void> => {
    const logger = meta.logger.child({ bookId: event.bookId, attempt: event.attempt, kind: 'translate' });
    let job = await jobsRepository.findByBook(deps.db, event.bookId);
    if (!job) {
      const brief = await fetchBrief(deps, event.bookId);
      if (!brief) {
        logger.warn('translation no longer exists: nothing to translate');
        return;
      }
      if (brief.status !== 'translating') {
        logger.warn({ status: brief.status }, 'book is not waiting to be translated: ignored');
        return;
      }
      const blob = await deps.blobs.get(event.sourceContentKey);
      const parsed = blob ? TiptapDocumentSchema.safeParse(JSON.parse(blob.data.toString('utf8'))) : undefined;
      // The text as it prints (open suggestions rejected, no comment anchors: decision 0043) is translated,
      // so it is what is snapshotted and counted in chapters.
      const original = parsed?.success ? printedManuscript(parsed.data) : undefined;
      if (!original || chaptersOf(original).length === 0) {
        logger.warn({ key: event.sourceContentKey }, 'no original text to translate');
        await deps.bus.request(requests.book.recordFailure, {
          bookId: event.bookId,
          step: 'translating',
          reason: failureReasons.noSource,
        });
        return;
      }
      const source: TranslationSource = {
        sourceBookId: event.sourceBookId,
        sourceLanguage: event.sourceLanguage,
        document: original,
      };
      const stored = await jobsRepository.insert(deps.db, {
        id: randomUUID(),
        kind: 'translate',
        source,
        bookId: event.bookId,
        userId: brief.userId,
        attempt: event.attempt,
        brief: jobBriefOf(brief),
        plan: brief.bookState,
        chaptersTotal: chaptersOf(original).length,
      });
      if (stored && !(await bookOutlivedInsert(deps, event.bookId, logger))) return;
      job = await jobsRepository.findByBook(deps.db, event.bookId);
      if (!job) throw new Error(`translation job of book ${event.bookId} vanished`);
      logger.info({ jobId: job.id, chapters: job.chapters_total }, 'original snapshot taken');
    }
    await runAttempt(deps, job, event.attempt, logger);
  };
}

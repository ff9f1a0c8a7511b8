import { AppError, conditionalSaveMessages, exportMessages, isAppError, type Book } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import type { RequestContext } from '@bookwright/kit';
import type { z } from 'zod';
import { parseManuscript } from '../domain/to-export-book';
import { importRefusal } from '../import/refusal';
import { imageDropReasonOf, type ImageDropReason } from '../import/images/imported-images';
import type { ExportHandlerDeps } from './deps';
import { loadReview } from '../domain/load-book';

type Def = typeof requests.export.reimportManuscript;

// The Word reader (yauzl and the XML parsing) is loaded on the first re-import, not at start (bench/README.md, memory).
const loadReimport = () => import('../docx/reimport-docx');

/** The name of the revision kept before an import replaces the manuscript. */
export const beforeImportRevision = 'Before import';

/**
 * POST /book/{id}/import (issue 46): an edited Word file back into its book. The book service keeps the
 * manuscript as the named revision "Before import" first, then takes the new one under the If-Match rules
 * of every content save (412 when stale; its diff stores only the chapters that changed); then each Word
 * comment becomes a thread by the importing person (one whose quote the book service cannot find is left
 * out of the count). Refusals before anything is written: 404/403 from the book service (an editor may
 * not replace the text), 409 unless ready, 415 for anything but a Word file, 400 for a damaged one.
 */
export function reimportManuscript(deps: ExportHandlerDeps) {
  return async (
    { userId, bookId, uploadBlobKey, fileName, ifMatch }: z.output<Def['request']>,
    context: RequestContext,
  ): Promise<z.input<Def['response']>> => {
    const options = { timeoutMs: deps.bookTimeoutMs, requestId: context.requestId };
    const book = await deps.bus.request(requests.book.get, { userId, bookId, action: 'edit' }, options);
    if (book.status !== 'ready') throw new AppError(409, exportMessages.notReady);
    const upload = await deps.blobs.get(uploadBlobKey);
    if (!upload) throw importRefusal('missingFile');
    // A stale tag is refused before anything is written (the save checks it again, under its lock).
    if (ifMatch && !ifMatch.some((tag) => sameTag(tag, book.etag))) {
      throw new AppError(412, conditionalSaveMessages.stale, {
        code: 'stale_book',
        extra: { etag: book.etag, updatedAt: book.updatedAt },
      });
    }
    const { review } = await loadReview(deps, { userId, bookId }, book, context);
    const { reimportDocx } = await loadReimport();
    const imported = await deps.renderSlots(() =>
      reimportDocx(Buffer.from(upload.data), {
        fileName,
        language: book.language,
        stored: parseManuscript(book.bookContent),
        people: review.people,
        threads: review.comments,
        importer: review.people[userId] ?? '',
        storeImage: (data) => storeAddedImage(deps, { userId, bookId, data }, options),
      }),
    );
    await deps.bus.request(requests.book.saveRevision, { userId, bookId, name: beforeImportRevision }, options);
    let saved = (await deps.bus.request(
      requests.book.updateContent,
      { userId, bookId, bookContent: JSON.stringify(imported.document), ...(ifMatch ? { ifMatch } : {}) },
      options,
    )) as Book;
    let opened = 0;
    /** The threads opened, by the Word comment's mark: a reply in the file joins its thread. */
    const threadOfMark = new Map<string, string>();
    for (const { markId, anchor, body, replyTo } of imported.comments) {
      const threadId =
        replyTo === undefined ? undefined : 'threadId' in replyTo ? replyTo.threadId : threadOfMark.get(replyTo.markId);
      try {
        if (threadId) {
          await deps.bus.request(requests.book.createReply, { userId, bookId, commentId: threadId, body }, options);
          threadOfMark.set(markId, threadId);
        } else {
          const thread = await deps.bus.request(requests.book.createComment, { userId, bookId, anchor, body }, options);
          threadOfMark.set(markId, thread.id);
        }
        opened += 1;
      } catch (error) {
        if (!isAppError(error) || error.status >= 500) throw error;
        context.logger.warn({ err: error, bookId }, 'a Word comment could not be opened as a thread');
      }
    }
    if (opened > 0) saved = await deps.bus.request(requests.book.get, { userId, bookId }, options);
    const kept = imported.report.kept
      .map((entry) => (entry.kind === 'comments' ? { ...entry, count: opened } : entry))
      .filter((entry) => entry.count > 0);
    context.logger.info(
      { bookId, chapters: imported.report.chapters.length, comments: opened },
      'manuscript imported into its book',
    );
    return { book: saved, report: { ...imported.report, kept } };
  };
}

/**
 * A picture the editor added in Word, stored under the book as an upload from the editor is (book.image.store:
 * whoever may edit the text, the one gate and encoding) before the manuscript that names it is saved; the
 * gate's refusal is the report's reason. An image stored for a save that then fails is not named by the
 * book, as an upload the author never inserted.
 */
async function storeAddedImage(
  deps: ExportHandlerDeps,
  { userId, bookId, data }: { userId: string; bookId: string; data: Buffer },
  options: { timeoutMs: number; requestId: string },
): Promise<{ src: string } | ImageDropReason> {
  const uploadBlobKey = `uploads/reimport-${deps.newId()}`;
  await deps.blobs.put(uploadBlobKey, data, { contentType: 'application/octet-stream' });
  try {
    const stored = await deps.bus.request(requests.book.storeImage, { userId, bookId, uploadBlobKey }, options);
    return { src: stored.src };
  } catch (error) {
    const reason = imageDropReasonOf(error);
    if (reason === null) throw error;
    return reason;
  } finally {
    await deps.blobs.delete(uploadBlobKey).catch(() => undefined);
  }
}

/** An If-Match tag and the book's ETag header value (quoted) name the same version. */
const sameTag = (tag: string, etag: string): boolean => tag.replace(/"/g, '') === etag.replace(/"/g, '');

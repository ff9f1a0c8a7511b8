import { AppError, documentText, TiptapDocumentSchema, type BookLanguage } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import { enqueueEvent, removeBlobsUnder } from '@bookwright/kit';
import type { z } from 'zod';
import { booksRepository } from '../repositories/books.repository';
import { canMove, completeMoveFor, moveBook } from '../domain/book-status';
import { translationSourcePrefix } from '../domain/new-translation';
import { wordCountOf } from '../domain/revision-policy';
import { storedManuscript } from '../domain/stored-manuscript';
import type { BookHandlerDeps } from './deps';
import { changeOwnedBook } from '../domain/owned-book';
import { keepRevision } from '../domain/revision-snapshots';

/**
 * writing (or translating) → ready with the manuscript the writer left in the blob store, kept as the
 * book's first revision ("As written"). A translation's copy of its original is not needed any more and goes.
 */
export function completeManuscript(deps: BookHandlerDeps) {
  return async ({
    bookId,
    contentBlobKey,
    words,
    pages,
  }: z.output<(typeof requests.book.completeManuscript)['request']>) => {
    // Read and check the document before taking the row lock: blob I/O must not hold the database.
    const blob = await deps.blobs.get(contentBlobKey);
    if (!blob) throw new AppError(400, `No manuscript under ${contentBlobKey}`);
    const document = TiptapDocumentSchema.parse(JSON.parse(blob.data.toString('utf8')));
    const text = documentText(document);
    const outcome = await changeOwnedBook(deps, { bookId }, async (trx, book) => {
      const move = completeMoveFor(book.status);
      // A book in the trash is not changed; the writer keeps the manuscript and hands it over again on restore.
      if (!canMove(book.status, move) || book.deleted_at !== null) return { applied: false, translation: false };
      const moved = await booksRepository.move(
        trx,
        book.id,
        { from: book.status, to: moveBook(book.status, move) },
        { chapters_written: book.chapters_total, failure: JSON.stringify(null) },
      );
      const manuscript = storedManuscript(document);
      await booksRepository.writeManuscript(trx, moved, manuscript);
      // The writer's text is the first revision, "As written", whatever the author does with it next.
      await keepRevision(trx, deps, book.id, manuscript.content, 'as-written', {
        wordCount: wordCountOf(document),
      });
      await enqueueEvent(trx, events.bookReady, { bookId: book.id, userId: book.user_id, words, pages });
      const translation = book.translation;
      if (translation)
        await enqueueEvent(trx, events.translationReady, {
          bookId: book.id,
          userId: book.user_id,
          sourceBookId: translation.sourceBookId,
          sourceLanguage: translation.sourceLanguage,
          // Stored from a checked request; the event's schema checks it again as it is enqueued.
          language: book.language as BookLanguage,
          words,
        });
      deps.logger.info({ bookId, words, pages, characters: text.length }, 'manuscript stored; book ready');
      return { applied: true, translation: book.translation !== null };
    });
    if (outcome.translation) await removeBlobsUnder(deps.blobs, translationSourcePrefix(bookId), deps.logger);
    return { applied: outcome.applied };
  };
}

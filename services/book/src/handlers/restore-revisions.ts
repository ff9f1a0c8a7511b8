import { AppError, revisionMessages, type requests, type TiptapDocument } from '@bookwright/contracts';
import type { z } from 'zod';
import { presentBook } from '../domain/present-book';
import { assertEditable } from '../domain/book-status';
import { storedManuscript } from '../domain/stored-manuscript';
import { booksRepository } from '../repositories/books.repository';
import { revisionsRepository } from '../repositories/revisions.repository';
import type { BookHandlerDeps } from './deps';
import { changeOwnedBook } from './owned-book';
import { keepRevision } from './revision-snapshots';
import { announceManuscriptChange } from './manuscript-save';

/** The manuscript it replaces is kept first, whatever the throttle, so a restore can be undone. */
export function restoreRevision(deps: BookHandlerDeps) {
  return async ({ userId, bookId, revisionId }: z.output<(typeof requests.book.restoreRevision)['request']>) =>
    changeOwnedBook(deps, { userId, bookId }, async (trx, book) => {
      assertEditable(book.status, 'manuscript');
      const revision = await revisionsRepository.find(trx, bookId, revisionId);
      if (!revision) throw new AppError(404, revisionMessages.notFound);
      if (book.book_content === revision.content) return presentBook(book);
      if (book.book_content !== null) await keepRevision(trx, deps, book.id, book.book_content, 'before-restore');
      const updated = await booksRepository.writeManuscript(
        trx,
        book,
        storedManuscript(JSON.parse(revision.content) as TiptapDocument),
        { announce: announceManuscriptChange(trx, deps, book) },
      );
      return presentBook(updated);
    });
}

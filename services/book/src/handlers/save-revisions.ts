import { AppError, revisionMessages, type Revision } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { parseManuscript } from '../domain/manuscript';
import { assertEditable } from '../domain/book-status';
import type { BookHandlerDeps } from './deps';
import { changeOwnedBook } from '../domain/owned-book';
import { presentRevision } from '../domain/present-revision';
import { keepRevision } from '../domain/revision-snapshots';

/**
 * POST /book/{id}/revisions ("Save a version"): keeps the current manuscript, or the text sent, as a
 * version that is never pruned. The manuscript itself (and so its ETag) does not change.
 */
export function saveRevision(deps: BookHandlerDeps) {
  return async ({
    userId,
    bookId,
    name,
    bookContent,
  }: z.output<(typeof requests.book.saveRevision)['request']>): Promise<Revision> =>
    changeOwnedBook(deps, { userId, bookId, action: 'edit' }, async (trx, book) => {
      assertEditable(book.status, 'manuscript');
      const content = bookContent === undefined ? book.book_content : parseManuscript(bookContent).content;
      if (content === null) throw new AppError(409, revisionMessages.noManuscript);
      const row = await keepRevision(trx, deps, book.id, content, 'named', { name: name ?? null });
      if (!row) throw new Error('a named version is always kept');
      return { ...presentRevision(row), bookContent: content };
    });
}

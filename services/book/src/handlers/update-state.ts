import { AppError, FictionBookStateSchema, NonFictionBookStateSchema } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { booksRepository } from '../repositories/books.repository';
import { presentBook } from '../domain/present-book';
import { assertEditable } from '../domain/book-status';
import { firstIssue } from '../domain/manuscript';
import type { BookHandlerDeps } from './deps';
import { changeOwnedBook } from '../domain/owned-book';
import { announceUpdate, editMessages } from '../domain/book-edits';

export function updateBookState(deps: BookHandlerDeps) {
  return async ({ userId, bookId, newBookState }: z.output<(typeof requests.book.updateState)['request']>) =>
    changeOwnedBook(deps, { userId, bookId, action: 'edit' }, async (trx, book, role) => {
      assertEditable(book.status, 'structure');
      const schema = book.book_type === 'fiction' ? FictionBookStateSchema : NonFictionBookStateSchema;
      const parsed = schema.safeParse(newBookState);
      if (!parsed.success) throw new AppError(400, `${editMessages.invalidState}: ${firstIssue(parsed.error)}`);
      const updated = await booksRepository.update(trx, book.id, { book_state: JSON.stringify(parsed.data) });
      await announceUpdate(trx, updated, ['bookState']);
      return presentBook(updated, role);
    });
}

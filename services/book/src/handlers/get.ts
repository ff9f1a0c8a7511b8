import { AppError, apiMessages, type requests } from '@bookwright/contracts';
import type { z } from 'zod';
import { booksRepository } from '../repositories/books.repository';
import { presentBook } from '../domain/present-book';
import type { BookHandlerDeps } from './deps';

export function getBook(deps: BookHandlerDeps) {
  return async ({ userId, bookId }: z.output<(typeof requests.book.get)['request']>) => {
    const row = await booksRepository.findOwned(deps.db, userId, bookId);
    if (!row) throw new AppError(404, apiMessages.notFound);
    return presentBook(row);
  };
}

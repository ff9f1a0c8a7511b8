import { AppError, apiMessages } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { presentBook } from '../domain/present-book';
import { takeoutRepository } from '../repositories/takeout.repository';
import type { BookHandlerDeps } from './deps';

type BookDef = typeof requests.book.takeoutBook;

/** One book whole for the takeout, trashed or not. */
export function getTakeoutBook(deps: BookHandlerDeps) {
  return async ({ userId, bookId }: z.output<BookDef['request']>): Promise<z.input<BookDef['response']>> => {
    const found = await takeoutRepository.findBook(deps.db, userId, bookId);
    if (!found) throw new AppError(404, apiMessages.notFound);
    return { book: presentBook(found.row, found.role), deletedAt: found.deletedAt };
  };
}

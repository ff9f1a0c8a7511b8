import { type requests } from '@bookwright/contracts';
import type { z } from 'zod';
import { booksRepository } from '../repositories/books.repository';
import { presentSummary } from '../domain/present-book';
import type { BookHandlerDeps } from './deps';

export function listBooks(deps: BookHandlerDeps) {
  return async ({ userId }: z.output<(typeof requests.book.list)['request']>) => ({
    books: (await booksRepository.listSummaries(deps.db, userId)).map(presentSummary),
  });
}

import { AppError, apiMessages } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { booksRepository } from '../repositories/books.repository';
import { presentBook } from '../domain/present-book';
import type { BookHandlerDeps } from './deps';

export function getBrief(deps: BookHandlerDeps) {
  return async ({
    bookId,
  }: z.output<(typeof requests.book.getBrief)['request']>): Promise<
    z.input<(typeof requests.book.getBrief)['response']>
  > => {
    const row = await booksRepository.findById(deps.db, bookId);
    // A book in the trash has no work to start: the writer finds nothing, as for a deleted one.
    if (!row || row.deleted_at !== null) throw new AppError(404, apiMessages.notFound);
    const book = presentBook(row, 'owner');
    return {
      _id: book._id,
      userId: row.user_id,
      title: book.title,
      subtitle: book.subtitle,
      genre: book.genre,
      bookType: book.bookType,
      language: book.language,
      targetAudience: book.targetAudience,
      size: book.size,
      prompt: book.prompt,
      author: book.author,
      status: book.status,
      bookState: book.bookState,
      translation: book.translation,
    };
  };
}

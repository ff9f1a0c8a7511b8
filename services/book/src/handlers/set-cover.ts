import { AppError, parseCoverImageUrl } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { booksRepository } from '../repositories/books.repository';
import { presentBook } from '../domain/present-book';
import type { BookHandlerDeps } from './deps';
import { changeOwnedBook } from '../domain/owned-book';
import { announceUpdate, editMessages } from '../domain/book-edits';

export function setCover(deps: BookHandlerDeps) {
  return async ({ userId, bookId, coverImage }: z.output<(typeof requests.book.setCover)['request']>) =>
    // Applying a cover needs no plan (an uploaded one is not AI work, decision 0012); generating one did.
    changeOwnedBook(deps, { userId, bookId, action: 'manage', planFree: true }, async (trx, book, role) => {
      // Only a cover URL of this very book (the cover service has checked the cover exists), or null.
      if (coverImage !== null && parseCoverImageUrl(coverImage)?.bookId !== book.id) {
        throw new AppError(400, editMessages.coverInvalid);
      }
      const updated = await booksRepository.update(trx, book.id, { cover_image: coverImage });
      await announceUpdate(trx, updated, ['coverImage']);
      return presentBook(updated, role);
    });
}

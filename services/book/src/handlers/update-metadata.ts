import { type requests } from '@bookwright/contracts/bus';
import { uniqueKeywords } from '@bookwright/contracts/text';
import type { z } from 'zod';
import type { BookRow } from '../db/schema';
import { booksRepository } from '../repositories/books.repository';
import { presentBook } from '../domain/present-book';
import type { BookHandlerDeps } from './deps';
import { checkIfMatch } from '../domain/conditional-save';
import { changeOwnedBook } from '../domain/owned-book';
import { announceUpdate } from '../domain/book-edits';

/** The columns a metadata save writes, in their stored form. */
function metadataColumns(metadata: z.output<(typeof requests.book.updateMetadata)['request']>['metadata']) {
  return {
    title: metadata.title,
    author: metadata.author,
    identifier: metadata.identifier,
    language_metadata: metadata.languageMetadata,
    genre_metadata: metadata.genreMetadata,
    publisher: metadata.publisher,
    description: metadata.description,
    // The request schema already did this; kept here so no other caller can store "Mut" beside "mut".
    keywords: JSON.stringify(uniqueKeywords(metadata.keywords)),
    rights: metadata.rights,
    publication_date: metadata.publicationDate,
    isbn: metadata.isbn,
    subtitle: metadata.subtitle,
  };
}

function holdsMetadata(book: BookRow, columns: ReturnType<typeof metadataColumns>): boolean {
  return Object.entries(columns).every(([key, value]) =>
    key === 'keywords' ? JSON.stringify(book.keywords) === value : book[key as keyof BookRow] === value,
  );
}

export function updateMetadata(deps: BookHandlerDeps) {
  return async ({ userId, bookId, metadata, ifMatch }: z.output<(typeof requests.book.updateMetadata)['request']>) =>
    changeOwnedBook(deps, { userId, bookId, action: 'manage' }, async (trx, book, role) => {
      const columns = metadataColumns(metadata);
      const unchanged = holdsMetadata(book, columns);
      if ((await checkIfMatch(book, ifMatch, () => unchanged)) === 'unchanged' || unchanged)
        return presentBook(book, role);
      const updated = await booksRepository.update(trx, book.id, columns);
      await announceUpdate(trx, updated, ['metadata']);
      return presentBook(updated, role);
    });
}

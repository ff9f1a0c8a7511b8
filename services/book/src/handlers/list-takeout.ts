import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { takeoutRepository } from '../repositories/takeout.repository';
import type { BookHandlerDeps } from './deps';

type ListDef = typeof requests.book.takeoutList;

/** What the takeout zip will hold: every book (trashed ones too) with its named versions, no texts. */
export function listTakeout(deps: BookHandlerDeps) {
  return async ({ userId }: z.output<ListDef['request']>): Promise<z.input<ListDef['response']>> => {
    const books = await takeoutRepository.listBooks(deps.db, userId);
    const versions = await takeoutRepository.namedVersions(
      deps.db,
      books.map((book) => book.id),
    );
    return {
      books: books.map((book) => ({
        bookId: book.id,
        title: book.title,
        deletedAt: book.deletedAt,
        hasManuscript: book.hasManuscript,
        shared: book.shared,
        versions: versions
          .filter((version) => version.bookId === book.id)
          .map(({ id, name, createdAt, wordCount }) => ({ id, name, createdAt, wordCount })),
      })),
    };
  };
}

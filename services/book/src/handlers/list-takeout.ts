import { mayDo } from '@bookwright/contracts/http';
import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { libraryOf } from '../domain/library';
import { takeoutRepository } from '../repositories/takeout.repository';
import type { BookHandlerDeps } from './deps';

type ListDef = typeof requests.book.takeoutList;

/**
 * What the takeout zip will hold: every book of the person (trashed ones too), then the other books of
 * their library (shared with them, or their team workspaces') whose role may export, marked as shared;
 * each with its named versions, no texts. The roles are the library's, as the access module gives them.
 */
export function listTakeout(deps: BookHandlerDeps) {
  return async ({ userId }: z.output<ListDef['request']>): Promise<z.input<ListDef['response']>> => {
    const own = await takeoutRepository.listOwnBooks(deps.db, userId);
    const exportable = (await libraryOf(deps.db, userId))
      .filter(({ row, role }) => row.user_id !== userId && mayDo(role, 'export'))
      .map(({ row }) => row.id);
    const books = [...own, ...(await takeoutRepository.listSharedBooks(deps.db, exportable))];
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

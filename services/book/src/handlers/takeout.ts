import { AppError, apiMessages, revisionMessages, type requests } from '@bookwright/contracts';
import type { z } from 'zod';
import { presentBook } from '../domain/present-book';
import { takeoutRepository } from '../repositories/takeout.repository';
import type { BookHandlerDeps } from './deps';

type ListDef = typeof requests.book.takeoutList;
type BookDef = typeof requests.book.takeoutBook;
type VersionDef = typeof requests.book.takeoutVersion;

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
        versions: versions
          .filter((version) => version.bookId === book.id)
          .map(({ id, name, createdAt, wordCount }) => ({ id, name, createdAt, wordCount })),
      })),
    };
  };
}

/** One book whole for the takeout, trashed or not. */
export function getTakeoutBook(deps: BookHandlerDeps) {
  return async ({ userId, bookId }: z.output<BookDef['request']>): Promise<z.input<BookDef['response']>> => {
    const found = await takeoutRepository.findBook(deps.db, userId, bookId);
    if (!found) throw new AppError(404, apiMessages.notFound);
    return { book: presentBook(found.row), deletedAt: found.deletedAt };
  };
}

/** The text of one version for the takeout. */
export function getTakeoutVersion(deps: BookHandlerDeps) {
  return async ({
    userId,
    bookId,
    revisionId,
  }: z.output<VersionDef['request']>): Promise<z.input<VersionDef['response']>> => {
    const bookContent = await takeoutRepository.findVersionContent(deps.db, userId, bookId, revisionId);
    if (bookContent === undefined) throw new AppError(404, revisionMessages.notFound);
    return { bookContent };
  };
}

import { type Book, type SavedContent } from '@bookwright/contracts';
import { booksRepository } from '../repositories/books.repository';
import { assertEditable } from '../domain/book-status';
import { parseManuscript } from '../domain/manuscript';
import { chapterHashesOf } from '../domain/stored-manuscript';
import type { BookHandlerDeps } from './deps';
import { checkIfMatch } from './conditional-save';
import { changeOwnedBook } from './owned-book';
import { answer, bookOf, storeManuscript, type Request } from './manuscript-save';

/**
 * PATCH /book/content/{id} with the whole manuscript. Only the chapters whose text changed are written; a
 * save of the text the book already holds changes nothing, not even the ETag.
 */
export function updateContent(deps: BookHandlerDeps) {
  // Asked for the book (the default), the answer is the book: callers inside the service rely on it.
  function save(request: Request<'updateContent'> & { answer?: 'book' }): Promise<Book>;
  function save(request: Request<'updateContent'>): Promise<Book | SavedContent>;
  async function save({ userId, bookId, bookContent, ifMatch, answer: kind }: Request<'updateContent'>) {
    return changeOwnedBook(
      deps,
      { userId, bookId },
      async (trx, locked) => {
        const book = bookOf(locked);
        assertEditable(book.status, 'manuscript');
        const storedHashes = chapterHashesOf(locked.chapter_hashes, book.manuscript_chapters);
        const manuscript = parseManuscript(bookContent, storedHashes);
        const unchanged =
          storedHashes !== null &&
          storedHashes.length === manuscript.chapters.length &&
          manuscript.chapters.every((chapter, position) => chapter.hash === storedHashes[position]);
        if ((await checkIfMatch(book, ifMatch, () => unchanged)) === 'unchanged' || unchanged) {
          return answer(trx, book, kind);
        }
        const stored = await storeManuscript(trx, deps, locked, (announce) =>
          booksRepository.writeManuscript(trx, book, manuscript, { storedHashes, announce }),
        );
        return answer(trx, stored, kind);
      },
      booksRepository.findForContentSave,
    );
  }
  return save;
}

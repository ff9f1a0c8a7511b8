import { type Book, type SavedContent } from '@bookwright/contracts';
import { booksRepository } from '../repositories/books.repository';
import { assertEditable } from '../domain/book-status';
import { parseManuscript } from '../domain/manuscript';
import type { BookHandlerDeps } from './deps';
import { checkIfMatch } from './conditional-save';
import { changeOwnedBook } from './owned-book';
import { answer, storeManuscript, withoutRevision, type Request } from './manuscript-save';

/**
 * PATCH /book/content/{id} with the whole manuscript. A save of the text the book already holds changes
 * nothing, not even the ETag.
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
        const book = withoutRevision(locked);
        assertEditable(book.status, 'manuscript');
        const { content } = parseManuscript(bookContent);
        const unchanged = book.book_content === content;
        if (checkIfMatch(book, ifMatch, () => unchanged) === 'unchanged' || unchanged) return answer(book, kind);
        return answer(await storeManuscript(trx, deps, locked, content), kind);
      },
      booksRepository.findForContentSave,
    );
  }
  return save;
}

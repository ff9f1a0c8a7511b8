import {
  AppError,
  chapterNodes,
  chaptersOf,
  partialSaveMessages,
  TiptapNodeSchema,
  type Book,
  type ChapterSave,
  type SavedContent,
  type TiptapDocument,
} from '@bookwright/contracts';
import { z } from 'zod';
import { booksRepository } from '../repositories/books.repository';
import { assertEditable } from '../domain/book-status';
import { firstIssue } from '../domain/manuscript';
import type { BookHandlerDeps } from './deps';
import { checkIfMatch } from './conditional-save';
import { changeOwnedBook } from './owned-book';
import { answer, storeManuscript, withoutRevision, type Request } from './manuscript-save';

const ChapterNodesSchema = z.array(TiptapNodeSchema);

/**
 * The stored manuscript with `chapters` put in place of the chapters at those places, in its stored form
 * (the same text a whole save of the resulting document stores: the stored part was checked when it was
 * saved, the new chapters are checked here by the same schema). 400 for a place the manuscript does not
 * have or a node the editor cannot make.
 */
export function applyChapters(stored: string, chapters: ChapterSave[]): string {
  const document = JSON.parse(stored) as TiptapDocument;
  const parts = chaptersOf(document).map(chapterNodes);
  for (const chapter of chapters) {
    if (chapter.index >= parts.length) {
      throw new AppError(400, partialSaveMessages.unknownChapter(chapter.index, parts.length));
    }
    const parsed = ChapterNodesSchema.safeParse(chapter.content);
    if (!parsed.success) {
      throw new AppError(400, `${partialSaveMessages.chapterInvalid}: ${chapter.index}.${firstIssue(parsed.error)}`);
    }
    parts[chapter.index] = parsed.data;
  }
  return JSON.stringify({ type: 'doc', content: parts.flat() } satisfies TiptapDocument);
}

/**
 * PATCH /book/content/{id} with `chapters`: only the chapters that changed. If-Match is required (the
 * gateway answers 428 without it): a chapter's place means something only in the version it was cut from.
 * A stale tag is the whole save's 412, unless the book already holds exactly the result (a retry whose
 * answer was lost); the revision policy and the answer are the whole save's.
 */
export function updateChapters(deps: BookHandlerDeps) {
  function save(request: Request<'updateChapters'> & { answer?: 'book' }): Promise<Book>;
  function save(request: Request<'updateChapters'>): Promise<Book | SavedContent>;
  async function save({ userId, bookId, chapters, ifMatch, answer: kind }: Request<'updateChapters'>) {
    return changeOwnedBook(
      deps,
      { userId, bookId },
      async (trx, locked) => {
        const book = withoutRevision(locked);
        assertEditable(book.status, 'manuscript');
        const stored = book.book_content;
        if (stored === null) throw new AppError(409, partialSaveMessages.noManuscript);
        const alreadyApplied = () => {
          try {
            return applyChapters(stored, chapters) === stored;
          } catch {
            return false;
          }
        };
        if (checkIfMatch(book, ifMatch, alreadyApplied) === 'unchanged') return answer(book, kind);
        const content = applyChapters(stored, chapters);
        if (content === stored) return answer(book, kind);
        return answer(await storeManuscript(trx, deps, locked, content), kind);
      },
      booksRepository.findForContentSave,
    );
  }
  return save;
}

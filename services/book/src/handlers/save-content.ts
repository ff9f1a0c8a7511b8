import {
  AppError,
  bookEtag,
  chapterNodes,
  chaptersOf,
  events,
  partialSaveMessages,
  TiptapNodeSchema,
  type Book,
  type ChapterSave,
  type requests,
  type SaveAnswer,
  type SavedContent,
  type TiptapDocument,
} from '@bookwright/contracts';
import { outboxRow } from '@bookwright/kit';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { BookDatabase, BookRow } from '../db/schema';
import { booksRepository, type BookRowWithNewestRevision } from '../repositories/books.repository';
import { presentBook } from '../domain/present-book';
import { assertEditable } from '../domain/book-status';
import { firstIssue, parseManuscript } from '../domain/manuscript';
import type { BookHandlerDeps } from './deps';
import { checkIfMatch } from './conditional-save';
import { changeOwnedBook } from './owned-book';
import { keepRevision } from './revisions';

type Request<K extends keyof typeof requests.book> = z.output<(typeof requests.book)[K]['request']>;

/** The book, or with `Prefer: return=minimal` only what the editor needs to save again: the new version. */
function answer(book: BookRow, kind: SaveAnswer | undefined): Book | SavedContent {
  if (kind === 'version') {
    return { etag: bookEtag(book.version), updatedAt: new Date(book.updated_at).toISOString() };
  }
  return presentBook(book);
}

/**
 * Stores `content` in place of the locked row's manuscript: the manuscript it replaces is offered to the
 * revision policy first (at most one snapshot per ten minutes of editing, domain/revision-policy.ts), then
 * the row and the `book.updated` event. The revision's hash, snapshot and retention only run when the
 * throttle lets a snapshot through, so an ordinary autosave is BEGIN, the locked read, one UPDATE that also
 * writes the outbox row, and COMMIT.
 */
async function storeManuscript(
  trx: Transaction<BookDatabase>,
  deps: BookHandlerDeps,
  { newest_revision_hash, newest_revision_at, ...book }: BookRowWithNewestRevision,
  content: string,
): Promise<BookRow> {
  if (book.book_content !== null) {
    const newest =
      newest_revision_hash === null || newest_revision_at === null
        ? null
        : { hash: newest_revision_hash, createdAt: new Date(newest_revision_at) };
    await keepRevision(trx, deps, book.id, book.book_content, 'edit', { newest });
  }
  // A save keeps the status, so the event is known before the UPDATE and goes in the same statement.
  const announce = outboxRow(events.bookUpdated, {
    bookId: book.id,
    userId: book.user_id,
    fields: ['bookContent'],
    status: book.status,
  });
  return booksRepository.saveContent(trx, book, content, announce);
}

const withoutRevision = ({ newest_revision_hash: _h, newest_revision_at: _a, ...book }: BookRowWithNewestRevision) =>
  book;

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

import { bookEtag, type Book, type SavedContent } from '@bookwright/contracts';
import { booksRepository } from '../repositories/books.repository';
import { parseManuscript } from '../domain/manuscript';
import { chapterHashesOf, holdsManuscript } from '../domain/stored-manuscript';
import { nowOf, type BookHandlerDeps } from './deps';
import { throttled } from '../domain/revision-policy';
import { checkIfMatch } from './conditional-save';
import {
  answer,
  autosavedStatus,
  changeLockedManuscript,
  savedVersion,
  storeIfCurrent,
  storeManuscript,
  type Request,
} from './manuscript-save';

/**
 * PATCH /book/content/{id} with the whole manuscript. Only the chapters whose text changed are written; a
 * save of the text the book already holds changes nothing, not even the ETag.
 */
export function updateContent(deps: BookHandlerDeps) {
  // Asked for the book (the default), the answer is the book: callers inside the service rely on it.
  function save(request: Request<'updateContent'> & { answer?: 'book' }): Promise<Book>;
  function save(request: Request<'updateContent'>): Promise<Book | SavedContent>;
  async function save(request: Request<'updateContent'>) {
    return (await saveUnlocked(deps, request)) ?? saveUnderLock(deps, request);
  }
  return save;
}

/**
 * The editor's save (`Prefer: return=minimal`) of a ready book within the revision throttle, in two
 * statements and no transaction: the save's read, unlocked, then the changed chapters written only if the
 * book is still at the version read (`storeIfCurrent`, decision 0037). Answers undefined, having stored
 * nothing, whenever that is not the case, for the locked path to do the save or say why not.
 */
async function saveUnlocked(
  deps: BookHandlerDeps,
  { userId, bookId, bookContent, ifMatch, answer: kind }: Request<'updateContent'>,
): Promise<SavedContent | undefined> {
  if (kind !== 'version') return undefined;
  const read = await booksRepository.readForContentSave(deps.db, bookId);
  if (!read || read.user_id !== userId || read.deleted_at !== null || read.status !== autosavedStatus) return undefined;
  if (ifMatch !== undefined && !ifMatch.includes(bookEtag(read.version))) return undefined;
  const at = read.newest_revision_at;
  if (at === null || !throttled('edit', { createdAt: new Date(at) }, nowOf(deps))) return undefined;
  const storedHashes = chapterHashesOf(read.chapter_hashes, read.manuscript_chapters);
  if (storedHashes === null) return undefined;
  // A body that is not a manuscript is the same 400 on the locked path: the book is the user's and editable.
  const manuscript = parseManuscript(bookContent, storedHashes);
  if (holdsManuscript(storedHashes, manuscript)) return savedVersion(read);
  const chapters = manuscript.chapters.flatMap((chapter, position) =>
    storedHashes[position] === chapter.hash ? [] : [{ position, ...chapter }],
  );
  return storeIfCurrent(deps, { userId, bookId }, [read.version], {
    manuscript: { chapters, count: manuscript.chapters.length, storedCount: storedHashes.length },
  });
}

/** Any whole save, on the locked row. */
function saveUnderLock(
  deps: BookHandlerDeps,
  { userId, bookId, bookContent, ifMatch, answer: kind }: Request<'updateContent'>,
) {
  return changeLockedManuscript(deps, { userId, bookId }, async (trx, locked, book, storedHashes) => {
    const manuscript = parseManuscript(bookContent, storedHashes);
    const unchanged = holdsManuscript(storedHashes, manuscript);
    if ((await checkIfMatch(book, ifMatch, () => unchanged)) === 'unchanged' || unchanged) {
      return answer(trx, book, kind);
    }
    const stored = await storeManuscript(trx, deps, locked, (announce) =>
      booksRepository.writeManuscript(trx, book, manuscript, { storedHashes, announce }),
    );
    return answer(trx, stored, kind);
  });
}

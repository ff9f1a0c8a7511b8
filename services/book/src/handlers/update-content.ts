import { AppError, bookEtag, bookEtagVersion, type Book, type SavedContent } from '@bookwright/contracts/http';
import { booksRepository } from '../repositories/books.repository';
import { parseManuscript } from '../domain/manuscript';
import { chapterHashesOf, holdsManuscript, type StoredManuscript } from '../domain/stored-manuscript';
import { nowOf, type BookHandlerDeps } from './deps';
import { throttled } from '../domain/revision-policy';
import { checkIfMatch } from '../domain/conditional-save';
import type { SavedChapters } from '../domain/saved-chapters';
import {
  answer,
  autosavedStatus,
  changeLockedManuscript,
  savedVersion,
  storeIfCurrent,
  storeManuscript,
  type Request,
} from '../domain/manuscript-save';

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
 * The editor's save (`Prefer: return=minimal`) of a ready book within the revision throttle, without a
 * transaction: the changed chapters written only if the book is still at the version whose chapters the
 * save compared with (`storeIfCurrent`, decision 0037). Those are the ones this process remembers for the
 * version `If-Match` names (decision 0039: one statement), or else the save's read, unlocked (two).
 * Answers undefined, having stored nothing, whenever that is not the case, for the locked path to do the
 * save or say why not.
 */
async function saveUnlocked(
  deps: BookHandlerDeps,
  request: Request<'updateContent'>,
): Promise<SavedContent | undefined> {
  if (request.answer !== 'version') return undefined;
  return (await saveRemembered(deps, request)) ?? saveRead(deps, request);
}

/**
 * The save against the chapters remembered at the version `If-Match` names. Anything but a change
 * written (a body to refuse, the same text, a version gone) is left to the read: it tells them apart.
 */
async function saveRemembered(
  deps: BookHandlerDeps,
  { userId, bookId, bookContent, ifMatch }: Request<'updateContent'>,
): Promise<SavedContent | undefined> {
  const remembered =
    ifMatch &&
    deps.savedChapters.recall(
      bookId,
      ifMatch.flatMap((tag) => bookEtagVersion(tag) ?? []),
    );
  if (!remembered) return undefined;
  let manuscript;
  try {
    manuscript = parseManuscript(bookContent, remembered.hashes);
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
  if (holdsManuscript(remembered.hashes, manuscript)) return undefined;
  const saved = await storeChanged(deps, { userId, bookId }, remembered, manuscript);
  if (!saved) deps.savedChapters.forget(bookId);
  return saved;
}

/** The save against the chapters read, unlocked, with the row's version, owner, status and throttle. */
async function saveRead(
  deps: BookHandlerDeps,
  { userId, bookId, bookContent, ifMatch }: Request<'updateContent'>,
): Promise<SavedContent | undefined> {
  const read = await booksRepository.readForContentSave(deps.db, bookId);
  if (!read || read.user_id !== userId || read.deleted_at !== null || read.status !== autosavedStatus) return undefined;
  const storedHashes = chapterHashesOf(read.chapter_hashes, read.manuscript_chapters);
  if (storedHashes !== null) {
    deps.savedChapters.remember(bookId, { version: read.version, hashes: storedHashes });
  }
  if (ifMatch !== undefined && !ifMatch.includes(bookEtag(read.version))) return undefined;
  const at = read.newest_revision_at;
  if (at === null || !throttled('edit', { createdAt: new Date(at) }, nowOf(deps))) return undefined;
  if (storedHashes === null) return undefined;
  // A body that is not a manuscript is the same 400 on the locked path: the book is the user's and editable.
  const manuscript = parseManuscript(bookContent, storedHashes);
  if (holdsManuscript(storedHashes, manuscript)) return savedVersion(read);
  return storeChanged(deps, { userId, bookId }, { version: read.version, hashes: storedHashes }, manuscript);
}

/** The chapters of `manuscript` that differ from `stored`'s, written if the book is still at its version. */
function storeChanged(
  deps: BookHandlerDeps,
  owner: { userId: string; bookId: string },
  stored: SavedChapters,
  manuscript: StoredManuscript,
): Promise<SavedContent | undefined> {
  const chapters = manuscript.chapters.flatMap((chapter, position) =>
    stored.hashes[position] === chapter.hash ? [] : [{ position, ...chapter }],
  );
  return storeIfCurrent(deps, owner, [stored.version], {
    manuscript: { chapters, count: manuscript.chapters.length, stored: stored.hashes },
  });
}

/** Any whole save, on the locked row. */
function saveUnderLock(
  deps: BookHandlerDeps,
  { userId, bookId, bookContent, ifMatch, answer: kind }: Request<'updateContent'>,
) {
  return changeLockedManuscript(
    deps,
    { userId, bookId, action: 'edit' },
    async (trx, locked, book, storedHashes, role) => {
      const manuscript = parseManuscript(bookContent, storedHashes);
      const unchanged = holdsManuscript(storedHashes, manuscript);
      if ((await checkIfMatch(book, ifMatch, () => unchanged)) === 'unchanged' || unchanged) {
        return answer(trx, book, kind, role);
      }
      const stored = await storeManuscript(trx, deps, locked, (announce) =>
        booksRepository.writeManuscript(trx, book, manuscript, { storedHashes, announce }),
      );
      return answer(trx, stored, kind, role);
    },
  );
}

import {
  AppError,
  bookEtagVersion,
  chapterNodes,
  chaptersOf,
  partialSaveMessages,
  TiptapNodeSchema,
  type Book,
  type ChapterSave,
  type SavedContent,
  type TiptapDocument,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { z } from 'zod';
import { booksRepository } from '../repositories/books.repository';
import { firstIssue } from '../domain/manuscript';
import { staysOneChapter, storedChapter, storedManuscript, type StoredChapter } from '../domain/stored-manuscript';
import type { BookHandlerDeps } from './deps';
import { checkIfMatch } from '../domain/conditional-save';
import {
  answer,
  changeLockedManuscript,
  storeIfCurrent,
  storeManuscript,
  type Request,
} from '../domain/manuscript-save';

const ChapterNodesSchema = z.array(TiptapNodeSchema);

/** A chapter of a partial save, checked: its place exists in a manuscript of `count` chapters, its nodes are valid. */
interface CheckedChapter {
  index: number;
  nodes: TiptapNode[];
}

/** 400 for a place the manuscript does not have or a node the editor cannot make. */
export function checkChapters(chapters: ChapterSave[], count: number): CheckedChapter[] {
  return chapters.map((chapter) => {
    if (chapter.index >= count) throw new AppError(400, partialSaveMessages.unknownChapter(chapter.index, count));
    const parsed = ChapterNodesSchema.safeParse(chapter.content);
    if (!parsed.success) {
      throw new AppError(400, `${partialSaveMessages.chapterInvalid}: ${chapter.index}.${firstIssue(parsed.error)}`);
    }
    return { index: chapter.index, nodes: parsed.data };
  });
}

/**
 * The stored manuscript with `chapters` put in place of the chapters at those places, in its stored form
 * (the same text a whole save of the resulting document stores: the stored part was checked when it was
 * saved, the new chapters by `checkChapters`).
 */
export function applyChapters(stored: string, chapters: readonly CheckedChapter[]): string {
  const document = JSON.parse(stored) as TiptapDocument;
  const parts = chaptersOf(document).map(chapterNodes);
  for (const chapter of chapters) parts[chapter.index] = chapter.nodes;
  return storedManuscript({ content: parts.flat() }).content;
}

/**
 * PATCH /book/content/{id} with `chapters`: only the chapters that changed. If-Match is required (the
 * gateway answers 428 without it): a chapter's place means something only in the version it was cut from.
 * A stale tag is the whole save's 412, unless the book already holds exactly the result (a retry whose
 * answer was lost); the revision policy and the answer are the whole save's.
 *
 * When every chapter sent stays one chapter at its place (what the editor sends), only their rows are
 * written and the manuscript is never read; otherwise (a chapter emptied, split or joined to the one
 * before) the manuscript is put together, changed and cut again.
 */
export function updateChapters(deps: BookHandlerDeps) {
  function save(request: Request<'updateChapters'> & { answer?: 'book' }): Promise<Book>;
  function save(request: Request<'updateChapters'>): Promise<Book | SavedContent>;
  async function save(request: Request<'updateChapters'>) {
    return (await saveInOneStatement(deps, request)) ?? saveUnderLock(deps, request);
  }
  return save;
}

/**
 * The editor's autosave (`Prefer: return=minimal`, If-Match, chapters that stay in place) in one
 * autocommit statement, without BEGIN, the locked read and COMMIT: on PGlite each is a round trip to the
 * database thread that costs more than the write (decision 0037). Answers undefined, having stored
 * nothing, whenever the row does not let the statement through (another version, a snapshot due, nothing
 * changed, a place the manuscript lacks, not the user's or not editable) or the request is not such a
 * save: the locked path then does it, or says why not.
 */
async function saveInOneStatement(
  deps: BookHandlerDeps,
  { userId, bookId, chapters, ifMatch, answer: kind }: Request<'updateChapters'>,
): Promise<SavedContent | undefined> {
  if (kind !== 'version' || ifMatch === undefined) return undefined;
  const rows: (StoredChapter & { position: number })[] = [];
  for (const chapter of chapters) {
    const parsed = ChapterNodesSchema.safeParse(chapter.content);
    if (!parsed.success || !staysOneChapter(parsed.data, chapter.index)) return undefined;
    rows.push({ position: chapter.index, ...storedChapter(parsed.data) });
  }
  return storeIfCurrent(
    deps,
    { userId, bookId },
    ifMatch.flatMap((tag) => bookEtagVersion(tag) ?? []),
    { chapters: rows },
  );
}

/** Any partial save, on the locked row. */
function saveUnderLock(
  deps: BookHandlerDeps,
  { userId, bookId, chapters, ifMatch, answer: kind }: Request<'updateChapters'>,
) {
  return changeLockedManuscript(
    deps,
    { userId, bookId, action: 'edit' },
    async (trx, locked, book, storedHashes, role) => {
      if (storedHashes === null) throw new AppError(409, partialSaveMessages.noManuscript);
      const checked = () => checkChapters(chapters, storedHashes.length);
      // What the book would hold after the save: the rows to write when every chapter stays in place, else
      // the manuscript put together (read under the lock), changed and cut again.
      const outcome = async (list: CheckedChapter[]) => {
        if (list.every((chapter) => staysOneChapter(chapter.nodes, chapter.index))) {
          const rows = list.map((chapter) => ({ position: chapter.index, ...storedChapter(chapter.nodes) }));
          return { rows: rows.filter((row) => row.hash !== storedHashes[row.position]) };
        }
        const current = (await booksRepository.manuscriptOf(trx, book.id)) ?? '';
        const content = applyChapters(current, list);
        return content === current
          ? { rows: [] }
          : { manuscript: storedManuscript(JSON.parse(content) as TiptapDocument) };
      };
      const alreadyApplied = async () => {
        try {
          const after = await outcome(checked());
          return after.rows?.length === 0;
        } catch (error) {
          if (error instanceof AppError) return false;
          throw error;
        }
      };
      if ((await checkIfMatch(book, ifMatch, alreadyApplied)) === 'unchanged') return answer(trx, book, kind, role);
      const after = await outcome(checked());
      if (after.rows?.length === 0) return answer(trx, book, kind, role);
      const stored = await storeManuscript(trx, deps, locked, (announce) =>
        after.manuscript
          ? booksRepository.writeManuscript(trx, book, after.manuscript, { storedHashes, announce })
          : booksRepository.writeChapters(trx, book, {
              count: storedHashes.length,
              chapters: after.rows ?? [],
              trim: false,
              announce,
            }),
      );
      return answer(trx, stored, kind, role);
    },
  );
}

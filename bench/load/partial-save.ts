/**
 * The partial-save row of the load bench (issue 22): `PATCH /book/content/{id}` with one changed chapter of
 * the 100-page manuscript (`{chapters: [{index, content}]}`), one author on one connection, against the
 * bare route parsing the same body, both through `sequentialSaves`.
 */
import type { Author } from './authors';
import { chapter, manuscript } from './manuscript';
import { sequentialSaves, type SequentialMeasure } from './sequential-saves';

export const partialSaveTarget = 0.5;
/** The chapter every partial save rewrites (the others stay as seeded). */
const editedChapter = 3;

/** Saves chapter `editedChapter` again and again for `seconds`, each save on the ETag the previous one answered. */
export const partialSaves = (url: string, author: Author, seconds: number, etag: string): Promise<SequentialMeasure> =>
  sequentialSaves(url, author, seconds, etag, (edit) =>
    JSON.stringify({ chapters: [{ index: editedChapter, content: chapter(0, editedChapter, `edit ${edit}`) }] }),
  );

/** What the author's book must hold after the partial saves: the seed with the last acknowledged edit. */
export const afterPartialSaves = (lastAcked: number) => manuscript(0, editedChapter, lastAcked);
export const partialSeed = () => manuscript(0, editedChapter, 0);

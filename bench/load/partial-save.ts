/**
 * The partial-save row of the load bench (issue 22): `PATCH /book/content/{id}` with one changed chapter of
 * the 100-page manuscript (`{chapters: [{index, content}]}`), one author on one connection, through
 * `SaveLoop` like the whole save and the anchors.
 */
import { chapter, manuscript } from './manuscript';

export const partialSaveTarget = 0.5;
/** The chapter every partial save rewrites (the others stay as seeded). */
const editedChapter = 3;

/** The body of partial save `edit`: chapter `editedChapter` with the edit's text. */
export const partialSave = (edit: number) =>
  JSON.stringify({ chapters: [{ index: editedChapter, content: chapter(0, editedChapter, `edit ${edit}`) }] });

/** What the author's book must hold after the partial saves: the seed with the last acknowledged edit. */
export const afterPartialSaves = (lastAcked: number) => manuscript(0, editedChapter, lastAcked);
export const partialSeed = () => manuscript(0, editedChapter, 0);

import { chapterNodes, chaptersOf, type TiptapDocument, type TiptapNode } from '@bookwright/contracts/http';

export interface MergedManuscript {
  document: TiptapDocument;
  /** Places (from 0) of the chapters both sides changed: the outside write's text was kept there. */
  conflicts: number[];
  /** The chapters did not line up (added, removed or moved on both sides): the outside write was taken whole. */
  tookTheirsWhole: boolean;
}

/**
 * A write from outside the live document (an API client's save, a restore, the writer) moved the stored
 * manuscript while people were typing: the chapters are merged three ways, from `base` (what the document
 * last loaded or saved), `theirs` (what is stored now) and `ours` (the live document now). A chapter only
 * one side changed takes that side; a chapter both changed takes the outside write, which is never
 * overwritten (the live edits in that chapter since the last save, at most 2 s of typing, give way). When
 * the chapters do not line up the outside write is taken whole.
 */
export function mergeOutsideWrite(
  base: TiptapDocument,
  theirs: TiptapDocument,
  ours: TiptapDocument,
): MergedManuscript {
  const [b, t, o] = [base, theirs, ours].map((document) => chaptersOf(document).map(chapterNodes));
  if (!b || !t || !o || b.length !== t.length || b.length !== o.length)
    return { document: theirs, conflicts: [], tookTheirsWhole: !sameNodes(theirs.content ?? [], ours.content ?? []) };
  const conflicts: number[] = [];
  const chapters = b.map((baseChapter, index) => {
    const theirChapter = t[index]!;
    const ourChapter = o[index]!;
    if (sameNodes(theirChapter, baseChapter)) return ourChapter;
    if (sameNodes(ourChapter, baseChapter) || sameNodes(ourChapter, theirChapter)) return theirChapter;
    conflicts.push(index);
    return theirChapter;
  });
  return { document: { ...ours, content: chapters.flat() }, conflicts, tookTheirsWhole: false };
}

const sameNodes = (left: TiptapNode[], right: TiptapNode[]): boolean => JSON.stringify(left) === JSON.stringify(right);

import { diffArrays, diffWords } from 'diff';
import { chaptersOf, documentText, type TiptapNode } from '@bookwright/contracts/http';
import type { DiffPart } from '../../history/revisionDiff';

/** One place where two versions of a manuscript differ, with a little of the unchanged text around it. */
export interface ConflictPassage {
  /** The chapter it is in, as its heading reads ("Chapter 12: The Storm"), or null before the first one. */
  chapter: string | null;
  /** Unchanged text just before the change (its tail), and just after it (its head). */
  before: string;
  after: string;
  /** `removed`: only in the other version; `added`: only in mine. */
  parts: DiffPart[];
}

/** How much unchanged text frames a passage on each side. */
const contextChars = 120;
/** A passage whose changed text is longer than this is compared paragraph by paragraph, not word by word. */
const wordDiffLimit = 20_000;

interface Block {
  text: string;
  chapter: string | null;
}

/**
 * Where two manuscripts (their stored JSON) differ, in reading order. Paragraphs are aligned first, so a
 * sentence changed at the end of a long book costs one word diff of one paragraph, and a chapter added
 * in one version does not make every later chapter look different; each run of changed paragraphs is then
 * compared word by word. An unreadable side counts as empty.
 */
export function conflictPassages(mineContent: string | null, otherContent: string | null): ConflictPassage[] {
  const mine = blocksOf(mineContent);
  const other = blocksOf(otherContent);
  const changes = diffArrays(
    other.map((block) => block.text),
    mine.map((block) => block.text),
  );
  const passages: ConflictPassage[] = [];
  let otherAt = 0;
  let mineAt = 0;
  for (let index = 0; index < changes.length; index += 1) {
    const change = changes[index]!;
    const count = change.count ?? change.value.length;
    if (!change.added && !change.removed) {
      otherAt += count;
      mineAt += count;
      continue;
    }
    // A removal followed by an addition is one passage: the paragraphs one version has instead of the other's.
    const next = changes[index + 1];
    const removedCount = change.removed ? count : 0;
    const addedCount = change.added ? count : change.removed && next?.added ? (next.count ?? next.value.length) : 0;
    if (change.removed && next?.added) index += 1;
    const removed = other.slice(otherAt, otherAt + removedCount);
    const added = mine.slice(mineAt, mineAt + addedCount);
    passages.push({
      chapter: (added[0] ?? removed[0])!.chapter,
      before: tail(mine[mineAt - 1]?.text ?? ''),
      after: head(mine[mineAt + addedCount]?.text ?? ''),
      parts: changedParts(joined(removed), joined(added)),
    });
    otherAt += removedCount;
    mineAt += addedCount;
  }
  return passages;
}

function changedParts(removed: string, added: string): DiffPart[] {
  if (removed.length + added.length > wordDiffLimit) {
    return [
      ...(removed ? [{ kind: 'removed' as const, text: removed }] : []),
      ...(added ? [{ kind: 'added' as const, text: added }] : []),
    ];
  }
  return diffWords(removed, added).map((part) => ({
    kind: part.added ? 'added' : part.removed ? 'removed' : 'same',
    text: part.value,
  }));
}

/** The document's paragraphs (every top-level block, a chapter's heading included), each with its chapter. */
function blocksOf(content: string | null): Block[] {
  let document: { type: 'doc'; content?: TiptapNode[] };
  try {
    document = content ? (JSON.parse(content) as typeof document) : { type: 'doc', content: [] };
  } catch {
    return [];
  }
  if (!Array.isArray(document.content)) return [];
  return chaptersOf({ content: document.content }).flatMap((chapter) => {
    const title = chapter.heading ? documentText(chapter.heading) : null;
    const nodes = chapter.heading ? [chapter.heading, ...chapter.blocks] : chapter.blocks;
    return nodes.map((node) => ({ text: documentText(node), chapter: title }));
  });
}

const joined = (blocks: Block[]): string => blocks.map((block) => block.text).join('\n\n');

function tail(text: string): string {
  return text.length <= contextChars ? text : `…${text.slice(-contextChars).replace(/^\S*\s/, '')}`;
}

function head(text: string): string {
  return text.length <= contextChars ? text : `${text.slice(0, contextChars).replace(/\s\S*$/, '')}…`;
}

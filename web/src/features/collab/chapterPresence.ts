/**
 * Where each person is, by chapter: the manuscript cut at its level-1 headings as contracts' `chaptersOf`
 * cuts it (what comes before the first heading is a chapter of its own), with the document position each
 * chapter starts at, so a caret's position names its chapter.
 */

/** What is read of a top-level node of the ProseMirror document. */
export interface OutlineNode {
  type: { name: string };
  attrs: Record<string, unknown>;
  textContent: string;
  nodeSize: number;
}

/** What is read of the document: its top-level nodes and where each starts. */
export interface OutlineDocument {
  forEach(visit: (node: OutlineNode, offset: number) => void): void;
}

export interface ChapterEntry {
  /** From 1, in reading order (the number a partial save names, plus one). */
  number: number;
  /** The heading's text; null for what comes before the first heading, or a heading left empty. */
  title: string | null;
  /** The document position the chapter starts at. */
  from: number;
}

const isChapterHeading = (node: OutlineNode) =>
  node.type.name === 'heading' && ((node.attrs['level'] as number | undefined) ?? 1) === 1;

/** The chapters of the document, in order. An empty document has none. */
export function chapterOutline(doc: OutlineDocument): ChapterEntry[] {
  const chapters: ChapterEntry[] = [];
  doc.forEach((node, offset) => {
    if (isChapterHeading(node)) {
      chapters.push({ number: chapters.length + 1, title: node.textContent.trim() || null, from: offset });
    } else if (chapters.length === 0) {
      chapters.push({ number: 1, title: null, from: offset });
    }
  });
  return chapters;
}

/** The number of the chapter a position is in; undefined when the document has no chapter. */
export function chapterAt(outline: readonly ChapterEntry[], position: number): number | undefined {
  let found: number | undefined;
  for (const chapter of outline) {
    if (chapter.from > position) break;
    found = chapter.number;
  }
  return found ?? outline[0]?.number;
}

/** A person and the document positions of their carets (one per page with focus). */
export interface PersonPositions {
  userId: string;
  positions: readonly number[];
}

/**
 * Who is in which chapter: chapter number → the ids of the people with a caret in it, in the order given.
 * A person with pages in two chapters is in both.
 */
export function peopleByChapter(
  outline: readonly ChapterEntry[],
  people: readonly PersonPositions[],
): Map<number, string[]> {
  const byChapter = new Map<number, string[]>();
  for (const person of people) {
    const chapters = new Set<number>();
    for (const position of person.positions) {
      const chapter = chapterAt(outline, position);
      if (chapter !== undefined) chapters.add(chapter);
    }
    for (const chapter of chapters) {
      const ids = byChapter.get(chapter) ?? [];
      ids.push(person.userId);
      byChapter.set(chapter, ids);
    }
  }
  return byChapter;
}

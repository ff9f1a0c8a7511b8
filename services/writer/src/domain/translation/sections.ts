import type { BookLanguage, TiptapDocument, TiptapNode } from '@bookwright/contracts';
import { chapterHeading } from '../manuscript';

/** One chapter of the original as the translation works on it: its level-1 heading and the blocks after it. */
export interface SourceChapter {
  number: number;
  /** The chapter's level-1 heading, or null for what comes before the first heading. */
  heading: TiptapNode | null;
  blocks: TiptapNode[];
}

const isChapterHeading = (node: TiptapNode) => node.type === 'heading' && (node.attrs?.['level'] ?? 1) === 1;

/**
 * The manuscript cut at its level-1 headings (how the writer assembles a book, and how authors add
 * chapters in the editor). Anything before the first heading is a chapter of its own, so no text is
 * lost. Numbered from 1 in reading order.
 */
export function splitChapters(document: TiptapDocument): SourceChapter[] {
  const chapters: SourceChapter[] = [];
  let current: SourceChapter | undefined;
  for (const node of document.content ?? []) {
    if (isChapterHeading(node) || !current) {
      current = { number: chapters.length + 1, heading: isChapterHeading(node) ? node : null, blocks: [] };
      chapters.push(current);
      if (isChapterHeading(node)) continue;
    }
    current.blocks.push(node);
  }
  return chapters;
}

/**
 * The title of a chapter heading the writer made ("Chapter 3: The Harbour" → "The Harbour"), so the
 * translation can put its own label in front ("Chapitre 3: …"). Undefined when the author changed the
 * heading into something else: then the whole heading is translated as text.
 */
export function titleOfHeading(text: string, language: BookLanguage, number: number): string | undefined {
  const label = chapterHeading(language, number, '');
  if (text === label) return '';
  if (text.startsWith(`${label}: `)) return text.slice(label.length + 2);
  return undefined;
}

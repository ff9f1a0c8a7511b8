import type { TiptapDocument, TiptapNode } from '@bookwright/contracts/http';
import type { EpubLabels } from './labels';
import { plainText } from './tiptap-to-xhtml';
import { singleLine } from './xml';

/** A part of the manuscript that becomes one XHTML file: the opening text or one chapter. */
export interface Section {
  kind: 'opening' | 'chapter';
  /** Plain text for the table of contents and the document title. */
  title: string;
  nodes: TiptapNode[];
}

const isChapterHeading = (node: TiptapNode): boolean => node.type === 'heading' && node.attrs?.level === 1;

/**
 * Splits the manuscript at its level-1 headings, each starting a chapter. Text before the first one
 * becomes an opening section (titled by its own first heading, if it starts with one), unless it is
 * blank. A manuscript without any text still gives one (empty) section, so the EPUB has a body.
 */
export function splitSections(document: TiptapDocument, labels: EpubLabels): Section[] {
  const sections: Section[] = [];
  let current: Section | undefined;
  let chapterNumber = 0;
  for (const node of document.content) {
    if (isChapterHeading(node)) {
      chapterNumber += 1;
      current = { kind: 'chapter', title: singleLine(plainText(node)) || labels.chapter(chapterNumber), nodes: [node] };
      sections.push(current);
    } else if (current) {
      current.nodes.push(node);
    } else {
      current = { kind: 'opening', title: '', nodes: [node] };
      sections.push(current);
    }
  }
  const opening = sections[0]?.kind === 'opening' ? sections[0] : undefined;
  if (opening) {
    if (opening.nodes.every((node) => singleLine(plainText(node)) === '')) {
      sections.shift();
    } else {
      const first = opening.nodes.find((node) => singleLine(plainText(node)) !== '');
      opening.title = first?.type === 'heading' ? singleLine(plainText(first)) : labels.opening;
    }
  }
  if (sections.length === 0) sections.push({ kind: 'opening', title: labels.opening, nodes: [] });
  return sections;
}

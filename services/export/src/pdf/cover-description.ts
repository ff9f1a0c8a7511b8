import { descriptionBlocks, type DescriptionBlock } from '@bookwright/contracts/text';

/** One run of the back cover's description: text (a line break is "\n") and its marks. */
export interface CoverRun {
  text: string;
  bold: boolean;
  italics: boolean;
}

/** One paragraph of the back cover: a list item's first paragraph carries its marker ("•", "2."). */
export interface CoverParagraph {
  runs: CoverRun[];
  marker: string | null;
  /** List nesting: 0 outside a list. */
  depth: number;
}

/**
 * The description (rich text of the contract's allow-list, or plain text stored before it) as the back
 * cover's paragraphs: formatted runs, never tags.
 */
export function coverParagraphs(description: string | null): CoverParagraph[] {
  return flatten(descriptionBlocks(description ?? ''), 0);
}

function flatten(blocks: readonly DescriptionBlock[], depth: number): CoverParagraph[] {
  return blocks.flatMap((block): CoverParagraph[] => {
    if (block.kind === 'paragraph') {
      const runs = block.inlines.map((inline): CoverRun =>
        'br' in inline
          ? { text: '\n', bold: false, italics: false }
          : { text: inline.text, bold: inline.strong, italics: inline.em },
      );
      return [{ runs, marker: null, depth }];
    }
    return block.items.flatMap((item, index) => {
      const [first, ...rest] = flatten(item, depth + 1);
      if (!first) return [];
      const marker = block.ordered ? `${index + 1}.` : '•';
      return [{ ...first, marker: first.marker ?? marker }, ...rest];
    });
  });
}

/** The paragraph's text, as the line estimate reads it. */
export const paragraphText = (paragraph: CoverParagraph): string =>
  (paragraph.marker ? `${paragraph.marker} ` : '') + paragraph.runs.map((run) => run.text).join('');

/** The paragraph's first `words` words (runs keep their marks), ended with "…". */
export function cutParagraph(paragraph: CoverParagraph, words: number): CoverParagraph {
  const runs: CoverRun[] = [];
  let left = words;
  for (const run of paragraph.runs) {
    if (left <= 0) break;
    const parts = run.text.split(/(\s+)/);
    const kept: string[] = [];
    for (const part of parts) {
      if (part === '' || /^\s+$/.test(part)) {
        kept.push(part);
        continue;
      }
      if (left <= 0) break;
      kept.push(part);
      left -= 1;
    }
    runs.push({ ...run, text: kept.join('') });
  }
  const last = runs[runs.length - 1];
  if (last) last.text = `${last.text.trimEnd()}…`;
  return { ...paragraph, runs };
}

export const wordCount = (paragraph: CoverParagraph): number =>
  paragraph.runs.reduce((sum, run) => sum + run.text.split(/\s+/).filter(Boolean).length, 0);

import type { HyphenatedNode } from './hyphenate';
import { widthOfText, type Inline } from './layout-lines';

/**
 * Hyphenated words as one inline until a line end needs their parts. pdfmake gets the text without the
 * hyphenation pass's soft hyphens, so it makes (and measures, and the line builder walks) one inline per
 * word instead of one per part. Each word that has break points carries its parts (`hyphenParts`), and
 * its width is the sum of its parts' widths, as the joined word had when pdfmake made an inline of each
 * part: the line breaks, the spacing and the drawn text are the same. `expandWord` turns it into the
 * part inlines pdfmake would have made, where the first fit or the shrinking wants to break inside it.
 */
export interface WordParts {
  texts: string[];
  widths: number[];
}

export interface PartedInline extends Inline {
  hyphenParts?: WordParts;
  noNewLine?: boolean;
}

const softHyphen = '\u00ad';

/**
 * Marks the words of a node's pending inlines with their parts, from the node's hyphenated text. A word
 * whose parts the line builder's checks would look at one by one (the paragraph's last word, one before
 * a forced line end, one glued to the next or previous run) is expanded at once. Returns false when the
 * inlines are not the text the pass hyphenated (then the node is laid out unhyphenated).
 */
export function markWordParts(node: HyphenatedNode, pending: PartedInline[]): boolean {
  const hyphenated = node._hyphenated;
  if (hyphenated === undefined) return true;
  let at = 0;
  const marked: number[] = [];
  for (const [index, inline] of pending.entries()) {
    const text = inline.text;
    const cuts: number[] = [];
    for (let i = 0; i < text.length; i += 1) {
      const char = text[i];
      for (;;) {
        const next = hyphenated[at];
        if (next === undefined) return false;
        if (next === char) break;
        if (next === softHyphen) {
          if (i === 0) {
            // A break point where pdfmake broke anyway: the word before it ends with a (soft) hyphen.
            const previous = pending[index - 1];
            if (!previous) return false;
            previous.softHyphen = true;
          } else cuts.push(i);
        } else if (next !== '\n' && next !== '\r') return false;
        at += 1;
      }
      at += 1;
    }
    if (cuts.length > 0) {
      inline.hyphenParts = partsOf(inline, cuts);
      marked.push(index);
    }
  }
  // From the end, so the indices of the words still to expand stay put.
  for (const index of marked.reverse()) {
    const inline = pending[index] as PartedInline;
    const glued = inline.noNewLine === true || pending[index - 1]?.noNewLine === true;
    if (glued || inline.lineEnd === true || index === pending.length - 1) {
      pending.splice(index, 1, ...expandWord(inline));
    }
  }
  return true;
}

function partsOf(inline: PartedInline, cuts: number[]): WordParts {
  const texts: string[] = [];
  let from = 0;
  for (const cut of [...cuts, inline.text.length]) {
    texts.push(inline.text.slice(from, cut));
    from = cut;
  }
  const widths = texts.map((text) => cachedWidth(text, inline));
  // Summed left to right, as joinWordParts summed the parts into the joined word.
  inline.width = widths.slice(1).reduce((sum, part) => sum + part, widths[0] ?? 0);
  return { texts, widths };
}

/** The part inlines pdfmake made of a word when its text carried the soft hyphens. */
export function expandWord(inline: PartedInline): PartedInline[] {
  const { hyphenParts, ...word } = inline;
  if (!hyphenParts) return [inline];
  const last = hyphenParts.texts.length - 1;
  return hyphenParts.texts.map((text, i) => {
    const part: PartedInline = { ...word, text, width: hyphenParts.widths[i] ?? 0 };
    if (i > 0) {
      part.leadingCut = 0;
      delete part.leadingIndent;
    }
    if (i < last) {
      part.softHyphen = true;
      part.trailingCut = 0;
      delete part.lineEnd;
      delete part.noNewLine;
    }
    return part;
  });
}

/** Part widths by font, size, spacing and text: a book repeats its words, and so their parts. */
const widthCache = new WeakMap<object, Map<string, number>>();

function cachedWidth(text: string, inline: Inline): number {
  if (inline.fontFeatures) return widthOfText(text, inline);
  let widths = widthCache.get(inline.font);
  if (!widths) widthCache.set(inline.font, (widths = new Map()));
  const key = `${inline.fontSize} ${inline.characterSpacing ?? 0} ${text}`;
  let width = widths.get(key);
  if (width === undefined) widths.set(key, (width = widthOfText(text, inline)));
  return width;
}

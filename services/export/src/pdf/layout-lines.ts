/**
 * The pieces of pdfmake's LayoutBuilder that the line-level additions (keep-lines.ts, bidi-lines.ts) read
 * and rebuild: a laid-out line and the inlines it holds. pdfmake 0.3 has no types for them.
 */
export interface Font {
  widthOfString(text: string, size: number, features: unknown): number;
}

export interface Inline {
  text: string;
  width: number;
  trailingCut?: number;
  leadingCut?: number;
  lineEnd?: boolean;
  font: Font;
  fontSize: number;
  fontFeatures?: unknown;
  characterSpacing?: number;
  softHyphen?: boolean;
  /** Set by text-runs.ts on text that is not all left to right (bidi-lines.ts). */
  bidiLevel?: number;
  bidiBase?: number;
  alignment?: unknown;
  [key: string]: unknown;
}

export interface Line {
  maxWidth: number;
  inlines: Inline[];
  lastLineInParagraph?: boolean;
  newLineForced?: boolean;
  addInline(inline: Inline): void;
  getHeight(): number;
}

/** pdfmake's `TextInlines.widthOfText`. */
export function widthOfText(text: string, inline: Inline): number {
  return (
    inline.font.widthOfString(text, inline.fontSize, inline.fontFeatures) +
    (inline.characterSpacing || 0) * (text.length - 1)
  );
}

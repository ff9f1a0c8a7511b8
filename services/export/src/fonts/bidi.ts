import bidiFactory from 'bidi-js';

/**
 * The Unicode bidirectional algorithm (UAX #9, by the `bidi-js` package) for print: the embedding level
 * of every character of a paragraph (even: left to right, odd: right to left). Lines are reordered for
 * drawing after they are broken (pdf/bidi-lines.ts), as the algorithm asks.
 */
let bidi: ReturnType<typeof bidiFactory> | undefined;
const engine = () => (bidi ??= bidiFactory());

/** Hebrew, Arabic (and their presentation forms), Syriac, Thaana, NKo and the explicit RTL controls. */
const rightToLeft = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u202b\u202e\u2067]|\ud802[\udc00-\udfff]|\ud83a/;

export function hasRightToLeft(text: string): boolean {
  return rightToLeft.test(text);
}

/**
 * The paragraph's base level, by its first strong letter (what `dir="auto"` does in the EPUB): 1 when it
 * is Hebrew or Arabic, else 0.
 */
export function baseLevel(text: string): 0 | 1 {
  if (!hasRightToLeft(text)) return 0;
  const { paragraphs } = engine().getEmbeddingLevels(text, 'auto');
  return (paragraphs[0]?.level ?? 0) % 2 === 1 ? 1 : 0;
}

/**
 * Each UTF-16 unit's embedding level; null when the text has no right-to-left letter and a left-to-right
 * base (every level 0, the common case, decided without running the algorithm).
 */
export function bidiLevels(text: string, base: 0 | 1 = baseLevel(text)): Uint8Array | null {
  if (base === 0 && !hasRightToLeft(text)) return null;
  return engine().getEmbeddingLevels(text, base === 1 ? 'rtl' : 'ltr').levels;
}

/** The mirrored glyph of a bracket or similar mark set right to left: "(" draws as ")". */
export function mirrored(char: string): string {
  return engine().getMirroredCharacter(char) ?? char;
}

/**
 * The visual order of a line's pieces by their levels (rule L2): from the highest level down to the lowest
 * odd one, every maximal sequence at that level or above is reversed.
 */
export function visualOrder<T>(items: T[], levelOf: (item: T) => number): T[] {
  const out = [...items];
  const levels = out.map(levelOf);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.map((l) => (l % 2 === 1 ? l : l + 1)), highest + 1);
  for (let level = highest; level >= lowestOdd; level -= 1) {
    for (let i = 0; i < out.length;) {
      if ((levels[i] ?? 0) < level) {
        i += 1;
        continue;
      }
      let end = i;
      while (end < out.length && (levels[end] ?? 0) >= level) end += 1;
      out.splice(i, end - i, ...out.slice(i, end).reverse());
      levels.splice(i, end - i, ...levels.slice(i, end).reverse());
      i = end;
    }
  }
  return out;
}

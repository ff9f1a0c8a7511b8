import { create } from 'fontkit';

/**
 * What print layout needs to know of a font before pdfmake runs: which code points it has, about how
 * wide they are, and its vertical metrics. fontkit reads the font (the same reader pdfkit shapes and
 * embeds with); this only answers "is the glyph there?" and "about how wide?".
 */
export interface FontMetrics {
  readonly unitsPerEm: number;
  /** hhea ascender and descender in em (descender negative), as pdfkit uses them for line height. */
  readonly ascender: number;
  readonly descender: number;
  /** Whether the font maps the code point to a real glyph. */
  has(codePoint: number): boolean;
  /** Advance width in em; 0 when the font has no glyph for the code point. */
  advance(codePoint: number): number;
  /** Every mapped code point, ascending. */
  codePoints(): number[];
}

export function readFontMetrics(data: Uint8Array): FontMetrics {
  const font = create(data);
  const { unitsPerEm } = font;
  const mapped = font.characterSet.filter((codePoint) => font.hasGlyphForCodePoint(codePoint));
  // Widths are looked up per character of every paragraph: read them once into flat tables.
  const bmpAdvance = new Float32Array(0x10000);
  const astralAdvance = new Map<number, number>();
  for (const codePoint of mapped) {
    // A tiny positive width marks "present" even for zero-width glyphs (combining marks).
    const width = Math.max(font.glyphForCodePoint(codePoint).advanceWidth / unitsPerEm, 1e-6);
    if (codePoint < 0x10000) bmpAdvance[codePoint] = width;
    else astralAdvance.set(codePoint, width);
  }
  const advance = (codePoint: number): number =>
    codePoint < 0x10000 ? (bmpAdvance[codePoint] ?? 0) : (astralAdvance.get(codePoint) ?? 0);

  return {
    unitsPerEm,
    ascender: font.ascent / unitsPerEm,
    descender: font.descent / unitsPerEm,
    has: (codePoint) => advance(codePoint) > 0,
    advance,
    codePoints: () => [...new Set(mapped)].sort((a, b) => a - b),
  };
}

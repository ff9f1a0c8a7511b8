// The part of fontkit 2 that the cover designer and export's print layout use (the package ships no types).
declare module 'fontkit' {
  export interface BBox {
    minX: number;
    minY: number;
    maxX: number;
    maxY: number;
  }
  export interface Path {
    bbox: BBox;
    scale(scaleX: number, scaleY?: number): Path;
    translate(x: number, y: number): Path;
    toSVG(): string;
  }
  export interface Glyph {
    id: number;
    advanceWidth: number;
    bbox: BBox;
    path: Path;
    codePoints: number[];
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    advanceWidth: number;
  }
  export interface Font {
    type: string;
    familyName: string;
    postscriptName: string;
    unitsPerEm: number;
    ascent: number;
    descent: number;
    capHeight: number;
    xHeight: number;
    layout(text: string, features?: string[] | Record<string, boolean>): GlyphRun;
    /** Every code point the cmap maps. */
    characterSet: number[];
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
  }
  export function create(buffer: Buffer | Uint8Array, postscriptName?: string): Font;
}

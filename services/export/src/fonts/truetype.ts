/**
 * Just enough of a TrueType reader for print layout decisions made before pdfmake runs: which code points
 * a font has (cmap formats 4 and 12), their advance widths (hmtx) and the vertical metrics (hhea). pdfkit
 * does the real shaping and embedding; this only answers "is the glyph there?" and "about how wide?".
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

interface TableRecord {
  offset: number;
  length: number;
}

export function readFontMetrics(data: Uint8Array): FontMetrics {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const tables = readTableDirectory(view);
  const table = (tag: string): TableRecord => {
    const record = tables.get(tag);
    if (!record) throw new Error(`Font has no '${tag}' table`);
    return record;
  };

  const head = table('head');
  const unitsPerEm = view.getUint16(head.offset + 18);
  const hhea = table('hhea');
  const ascender = view.getInt16(hhea.offset + 4) / unitsPerEm;
  const descender = view.getInt16(hhea.offset + 6) / unitsPerEm;
  const numberOfHMetrics = view.getUint16(hhea.offset + 34);
  const hmtx = table('hmtx');
  const advanceOfGlyph = (glyph: number): number => {
    const index = Math.min(glyph, numberOfHMetrics - 1);
    return view.getUint16(hmtx.offset + index * 4) / unitsPerEm;
  };

  const glyphs = readCmap(view, table('cmap'));
  const bmpAdvance = new Float32Array(0x10000);
  const astralAdvance = new Map<number, number>();
  for (const [codePoint, glyph] of glyphs) {
    // A tiny positive width marks "present" even for zero-width glyphs (combining marks).
    const width = Math.max(advanceOfGlyph(glyph), 1e-6);
    if (codePoint < 0x10000) bmpAdvance[codePoint] = width;
    else astralAdvance.set(codePoint, width);
  }
  const advance = (codePoint: number): number =>
    codePoint < 0x10000 ? (bmpAdvance[codePoint] ?? 0) : (astralAdvance.get(codePoint) ?? 0);

  return {
    unitsPerEm,
    ascender,
    descender,
    has: (codePoint) => advance(codePoint) > 0,
    advance,
    codePoints: () => [...glyphs.keys()].sort((a, b) => a - b),
  };
}

function readTableDirectory(view: DataView): Map<string, TableRecord> {
  const version = view.getUint32(0);
  if (version !== 0x00010000 && version !== 0x74727565 /* 'true' */) {
    throw new Error('Not a TrueType font (only single .ttf files are supported)');
  }
  const numTables = view.getUint16(4);
  const tables = new Map<string, TableRecord>();
  for (let i = 0; i < numTables; i += 1) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(
      view.getUint8(at),
      view.getUint8(at + 1),
      view.getUint8(at + 2),
      view.getUint8(at + 3),
    );
    tables.set(tag, { offset: view.getUint32(at + 8), length: view.getUint32(at + 12) });
  }
  return tables;
}

/** Code point → glyph id from the best Unicode subtable: format 12 (full repertoire) before format 4 (BMP). */
function readCmap(view: DataView, cmap: TableRecord): Map<number, number> {
  const count = view.getUint16(cmap.offset + 2);
  let format4: number | undefined;
  let format12: number | undefined;
  for (let i = 0; i < count; i += 1) {
    const at = cmap.offset + 4 + i * 8;
    const platform = view.getUint16(at);
    const encoding = view.getUint16(at + 2);
    const offset = cmap.offset + view.getUint32(at + 4);
    const isUnicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!isUnicode) continue;
    const format = view.getUint16(offset);
    if (format === 12) format12 ??= offset;
    if (format === 4) format4 ??= offset;
  }
  if (format12 !== undefined) return readFormat12(view, format12);
  if (format4 !== undefined) return readFormat4(view, format4);
  throw new Error('Font has no Unicode cmap subtable of format 4 or 12');
}

function readFormat4(view: DataView, offset: number): Map<number, number> {
  const map = new Map<number, number>();
  const segCount = view.getUint16(offset + 6) / 2;
  const endCodes = offset + 14;
  const startCodes = endCodes + segCount * 2 + 2;
  const idDeltas = startCodes + segCount * 2;
  const idRangeOffsets = idDeltas + segCount * 2;
  for (let s = 0; s < segCount; s += 1) {
    const end = view.getUint16(endCodes + s * 2);
    const start = view.getUint16(startCodes + s * 2);
    const delta = view.getInt16(idDeltas + s * 2);
    const rangeOffsetAt = idRangeOffsets + s * 2;
    const rangeOffset = view.getUint16(rangeOffsetAt);
    for (let code = start; code <= end && code !== 0xffff; code += 1) {
      let glyph: number;
      if (rangeOffset === 0) {
        glyph = (code + delta) & 0xffff;
      } else {
        const glyphAt = rangeOffsetAt + rangeOffset + (code - start) * 2;
        glyph = view.getUint16(glyphAt);
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph !== 0) map.set(code, glyph);
    }
  }
  return map;
}

function readFormat12(view: DataView, offset: number): Map<number, number> {
  const map = new Map<number, number>();
  const groups = view.getUint32(offset + 12);
  for (let g = 0; g < groups; g += 1) {
    const at = offset + 16 + g * 12;
    const start = view.getUint32(at);
    const end = view.getUint32(at + 4);
    const startGlyph = view.getUint32(at + 8);
    for (let code = start; code <= end; code += 1) {
      const glyph = startGlyph + (code - start);
      if (glyph !== 0) map.set(code, glyph);
    }
  }
  return map;
}

import type { Font, Glyph } from 'fontkit';
import { fallbackFont, font, scriptFallbacks, type FontName } from './fonts';

/**
 * A small typesetting engine: text is shaped with fontkit (kerning, ligatures, mark positioning) and drawn
 * as SVG paths, so librsvg never looks a font up and what is measured is exactly what is drawn. All
 * measures are in em (multiply by the font size for pixels); y grows downwards from the baseline.
 */

interface PlacedGlyph {
  glyph: Glyph;
  font: Font;
  /** Pen position and offsets, in em. */
  x: number;
  dx: number;
  dy: number;
}

export interface ShapedText {
  text: string;
  glyphs: PlacedGlyph[];
  /** Advance width in em, tracking included. */
  width: number;
  /** Ink extent in em relative to the baseline (top negative); 0 for blank text. */
  inkTop: number;
  inkBottom: number;
  inkLeft: number;
  inkRight: number;
}

export interface TextStyle {
  font: FontName;
  /** Extra space between letters, in em. */
  tracking?: number;
  uppercase?: boolean;
  /** BCP 47 code, for letter case (Turkish i → İ). */
  locale?: string;
}

const cache = new Map<string, ShapedText>();

function isCovered(face: Font, codePoint: number): boolean {
  return face.hasGlyphForCodePoint(codePoint);
}

/**
 * Shapes one line of text (no wrapping), falling back to DejaVu Sans, then to a Noto face of the script,
 * for characters the face lacks.
 */
export function shape(raw: string, style: TextStyle): ShapedText {
  const text = prepare(raw, style);
  const key = `${style.font}|${style.tracking ?? 0}|${text}`;
  const hit = cache.get(key);
  if (hit) return hit;

  const primary = font(style.font);
  const fallback = font(fallbackFont);
  // Runs of characters the primary face covers, and runs it does not (spaces stay with the primary).
  const runs: { face: Font; text: string }[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 32;
    const combining = /\p{M}/u.test(char);
    const face =
      combining && runs.length > 0
        ? runs[runs.length - 1]!.face
        : /\s/.test(char) || isCovered(primary, codePoint)
          ? primary
          : isCovered(fallback, codePoint)
            ? fallback
            : (scriptFallbacks(text)
                .map((name) => font(name))
                .find((face) => isCovered(face, codePoint)) ?? primary);
    const last = runs[runs.length - 1];
    if (last && last.face === face) last.text += char;
    else runs.push({ face, text: char });
  }

  const tracking = style.tracking ?? 0;
  const glyphs: PlacedGlyph[] = [];
  let pen = 0;
  for (const run of runs) {
    const layout = run.face.layout(run.text);
    const scale = 1 / run.face.unitsPerEm;
    layout.glyphs.forEach((glyph, index) => {
      const position = layout.positions[index]!;
      glyphs.push({ glyph, font: run.face, x: pen, dx: position.xOffset * scale, dy: -position.yOffset * scale });
      pen += position.xAdvance * scale;
      if (position.xAdvance !== 0) pen += tracking;
    });
  }
  // No tracking after the last letter: it would push centred text off centre.
  const width = Math.max(0, glyphs.length > 0 ? pen - tracking : 0);

  let inkTop = 0;
  let inkBottom = 0;
  let inkLeft = Number.POSITIVE_INFINITY;
  let inkRight = Number.NEGATIVE_INFINITY;
  for (const placed of glyphs) {
    const box = placed.glyph.bbox;
    if (!Number.isFinite(box.minX) || !Number.isFinite(box.maxY) || box.maxX <= box.minX) continue;
    const scale = 1 / placed.font.unitsPerEm;
    inkTop = Math.min(inkTop, -box.maxY * scale + placed.dy);
    inkBottom = Math.max(inkBottom, -box.minY * scale + placed.dy);
    inkLeft = Math.min(inkLeft, placed.x + placed.dx + box.minX * scale);
    inkRight = Math.max(inkRight, placed.x + placed.dx + box.maxX * scale);
  }
  if (!Number.isFinite(inkLeft)) {
    inkLeft = 0;
    inkRight = 0;
  }
  const shaped: ShapedText = { text, glyphs, width, inkTop, inkBottom, inkLeft, inkRight };
  if (cache.size > 5_000) cache.clear();
  cache.set(key, shaped);
  return shaped;
}

/** Normalises what an author typed: NFC, no control characters, single spaces, letter case. */
export function prepare(raw: string, style: Pick<TextStyle, 'uppercase' | 'locale'>): string {
  // eslint-disable-next-line no-control-regex
  const clean = raw.normalize('NFC').replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\ufeff]/g, ' ');
  const single = clean.replace(/\s+/g, ' ').trim();
  if (!style.uppercase) return single;
  // ß stays ß in titles set in capitals (ẞ would look foreign to many readers; SS is correct but longer).
  return single.replace(/[^ß]+/g, (part) => part.toLocaleUpperCase(style.locale ?? 'en'));
}

/** SVG path data of shaped text at `size` px, its baseline starting at (x, y). */
export function pathData(shaped: ShapedText, size: number, x: number, y: number): string {
  let d = '';
  for (const placed of shaped.glyphs) {
    const scale = size / placed.font.unitsPerEm;
    const gx = x + (placed.x + placed.dx) * size;
    const gy = y + placed.dy * size;
    const path = placed.glyph.path.scale(scale, -scale).translate(gx, gy).toSVG();
    if (path) d += path;
  }
  return round(d);
}

/** Shorter SVG: two decimals are far below a pixel. */
function round(d: string): string {
  return d.replace(/-?\d+\.\d{3,}/g, (n) => String(Math.round(Number(n) * 100) / 100));
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FitOptions extends TextStyle {
  box: Box;
  /** Largest and smallest font size in px; below minSize the text still shrinks rather than overflow. */
  maxSize: number;
  minSize: number;
  /** Baseline to baseline, in em. */
  lineHeight: number;
  /** Lines to try before settling for a smaller size. */
  maxLines: number;
  align?: 'left' | 'center' | 'right';
  valign?: 'top' | 'middle' | 'bottom';
}

export interface FittedLine {
  shaped: ShapedText;
  /** Pen start and baseline, in px. */
  x: number;
  baseline: number;
}

export interface FittedText {
  lines: FittedLine[];
  size: number;
  /** The ink's bounding box in px: always inside the box it was fitted to. */
  ink: Box;
}

/**
 * Breaks `text` into balanced lines and sizes it to the largest size at which every line fits the box's width
 * and the block fits its height. Words longer than a line are split between letters as a last resort. The
 * ink never leaves the box: the size shrinks below minSize before that could happen.
 */
export function fitText(text: string, options: FitOptions): FittedText {
  const style: TextStyle = {
    font: options.font,
    ...(options.tracking === undefined ? {} : { tracking: options.tracking }),
    ...(options.uppercase === undefined ? {} : { uppercase: options.uppercase }),
    ...(options.locale === undefined ? {} : { locale: options.locale }),
  };
  const words = prepare(text, style).split(' ').filter(Boolean);
  if (words.length === 0) return { lines: [], size: 0, ink: { ...options.box, width: 0, height: 0 } };

  type Candidate = { size: number; lines: ShapedText[] };
  const consider = (units: string[], maxLines: number, best: Candidate | undefined): Candidate => {
    let chosen = best;
    for (let count = 1; count <= Math.min(units.length, Math.max(maxLines, 1)); count += 1) {
      const lines = balance(units, count, style).map((line) => shape(line, style));
      const size = Math.min(options.maxSize, sizeToFit(lines, options));
      // Bigger wins; at (nearly) equal size, fewer lines.
      if (!chosen || size > chosen.size * 1.02) chosen = { size, lines };
    }
    return chosen!;
  };
  let best = consider(words, options.maxLines, undefined);
  // Too long for the lines allowed: allow more lines, then split overlong words between letters.
  if (best.size < options.minSize) best = consider(words, Math.max(options.maxLines * 2, 8), best);
  if (best.size < options.minSize) {
    best = consider(
      words.flatMap((word) => splitWord(word)),
      Math.max(options.maxLines * 2, 8),
      best,
    );
  }
  return place(best.lines, best.size, options);
}

function sizeToFit(lines: ShapedText[], options: FitOptions): number {
  const widest = Math.max(...lines.map((line) => line.inkRight - Math.min(0, line.inkLeft)), 1e-6);
  const height = blockHeight(lines, options.lineHeight);
  return Math.min(options.box.width / widest, options.box.height / height);
}

/** Ink height of the block in em. */
function blockHeight(lines: ShapedText[], lineHeight: number): number {
  const first = lines[0]!;
  const last = lines[lines.length - 1]!;
  let top = first.inkTop;
  let bottom = (lines.length - 1) * lineHeight + last.inkBottom;
  lines.forEach((line, index) => {
    top = Math.min(top, index * lineHeight + line.inkTop);
    bottom = Math.max(bottom, index * lineHeight + line.inkBottom);
  });
  return Math.max(bottom - top, 1e-6);
}

function place(lines: ShapedText[], size: number, options: FitOptions): FittedText {
  const box = options.box;
  let top = Number.POSITIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  lines.forEach((line, index) => {
    top = Math.min(top, (index * options.lineHeight + line.inkTop) * size);
    bottom = Math.max(bottom, (index * options.lineHeight + line.inkBottom) * size);
  });
  const height = bottom - top;
  const valign = options.valign ?? 'middle';
  const offset =
    valign === 'top' ? box.y : valign === 'bottom' ? box.y + box.height - height : box.y + (box.height - height) / 2;
  const firstBaseline = offset - top;
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  const placed = lines.map((shaped, index) => {
    const inkWidth = (shaped.inkRight - shaped.inkLeft) * size;
    const align = options.align ?? 'center';
    // Align the ink, not the advance: side bearings would otherwise shift lines visibly.
    const inkX =
      align === 'left' ? box.x : align === 'right' ? box.x + box.width - inkWidth : box.x + (box.width - inkWidth) / 2;
    const x = inkX - shaped.inkLeft * size;
    left = Math.min(left, inkX);
    right = Math.max(right, inkX + inkWidth);
    return { shaped, x, baseline: firstBaseline + index * options.lineHeight * size };
  });
  return { lines: placed, size, ink: { x: left, y: offset, width: right - left, height } };
}

/** Splits `units` into `count` lines minimising the widest line (linear partition, exact). */
function balance(units: string[], count: number, style: TextStyle): string[] {
  const n = units.length;
  // Pieces of a split word (ending in `joiner`) rejoin without a space, and take a hyphen at a line end.
  const join = (from: number, to: number) =>
    units
      .slice(from, to)
      .join(' ')
      .replaceAll(`${joiner} `, '')
      .replace(new RegExp(`${joiner}$`), '-');
  if (count >= n) return units.map((_, i) => join(i, i + 1));
  if (count === 1) return [join(0, n)];
  // Line widths add up from word widths (kerning across a space is negligible); the chosen lines are then
  // shaped whole, and it is those exact measures that decide the size, so no approximation can overflow.
  const gap = shape('a a', style).width - 2 * shape('a', style).width;
  const prefix = [0];
  for (const unit of units) prefix.push(prefix[prefix.length - 1]! + shape(unit, style).width);
  const width = (from: number, to: number) => prefix[to]! - prefix[from]! + (to - from - 1) * gap;
  // cost[k][i]: the best widest line when the first i units make k lines.
  const cost: number[][] = Array.from({ length: count + 1 }, () => new Array<number>(n + 1).fill(Infinity));
  const cut: number[][] = Array.from({ length: count + 1 }, () => new Array<number>(n + 1).fill(0));
  cost[0]![0] = 0;
  for (let k = 1; k <= count; k += 1) {
    for (let i = k; i <= n - (count - k); i += 1) {
      for (let j = k - 1; j < i; j += 1) {
        const previous = cost[k - 1]![j]!;
        if (!Number.isFinite(previous)) continue;
        // A small penalty on the spread keeps lines similar, not only the widest one short.
        const value = Math.max(previous, width(j, i));
        if (value < cost[k]![i]! - 1e-9) {
          cost[k]![i] = value;
          cut[k]![i] = j;
        }
      }
    }
  }
  const lines: string[] = [];
  let end = n;
  for (let k = count; k >= 1; k -= 1) {
    const start = cut[k]![end]!;
    lines.unshift(join(start, end));
    end = start;
  }
  return lines;
}

/** Marks the end of a piece of a split word (a private-use character no author types). */
const joiner = '\uE000';

/** Splits a word into pieces of about eight letters (grapheme-safe), for words wider than any line. */
function splitWord(word: string): string[] {
  const letters = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(word)].map((s) => s.segment);
  if (letters.length <= 10) return [word];
  const pieces: string[] = [];
  for (let i = 0; i < letters.length; i += 8) {
    const last = i + 8 >= letters.length;
    pieces.push(letters.slice(i, i + 8).join('') + (last ? '' : joiner));
  }
  return pieces;
}

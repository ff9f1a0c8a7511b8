import { bidiLevels, mirrored, visualOrder } from './bidi';
import { fontFamilies, fontMetrics, scriptFamilies, type FontFamily, type Script } from './families';

/**
 * Splits text into runs, each set in one font that has its glyphs, with its writing direction. Literata
 * sets Latin, Greek and Cyrillic; each other script goes to its Noto family (index.ts); what none of those
 * has falls back per glyph to DejaVu Serif, then DejaVu Sans. Spaces, digits and punctuation stay in the
 * run they stand in, so a quotation in Arabic or Japanese keeps its spaces and commas in its own font.
 */
export interface TextRun {
  text: string;
  /** The font that has these characters: the body font unless it lacks them. */
  family: FontFamily;
  /** Right to left when its bidi level is odd (Arabic and Hebrew, and what stands between their words). */
  dir: 'ltr' | 'rtl';
  /** Its embedding level by the Unicode bidi algorithm (fonts/bidi.ts): 0 in a left-to-right paragraph. */
  level: number;
}

type Class = Script | 'han' | 'neutral' | 'default';

/** The script a code point belongs to, by Unicode block; 'neutral' for spaces, digits, marks, punctuation. */
/** Whether any character of `text` belongs to one of the scripts (as `classify` says). */
function hasScriptLetter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    // Below U+0590 every character is Latin, Greek, Cyrillic, punctuation or a mark: none of the scripts.
    if (text.charCodeAt(i) < 0x0590) continue;
    const cls = classify(text.codePointAt(i) ?? 0);
    if (cls !== 'default' && cls !== 'neutral') return true;
  }
  return false;
}

function classify(cp: number): Class {
  if (cp < 0x80) return (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a) ? 'default' : 'neutral';
  if (cp >= 0x0590 && cp <= 0x05ff) return 'hebrew';
  if (cp >= 0xfb1d && cp <= 0xfb4f) return 'hebrew';
  if (cp >= 0x0600 && cp <= 0x06ff) return 'arabic';
  if ((cp >= 0x0750 && cp <= 0x077f) || (cp >= 0x08a0 && cp <= 0x08ff)) return 'arabic';
  if ((cp >= 0xfb50 && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfeff)) return 'arabic';
  if ((cp >= 0x0900 && cp <= 0x097f) || (cp >= 0xa8e0 && cp <= 0xa8ff)) return 'devanagari';
  if (cp >= 0x0e00 && cp <= 0x0e7f) return 'thai';
  if ((cp >= 0x1100 && cp <= 0x11ff) || (cp >= 0x3130 && cp <= 0x318f) || (cp >= 0xa960 && cp <= 0xa97f)) {
    return 'korean';
  }
  if ((cp >= 0xac00 && cp <= 0xd7ff) || (cp >= 0xffa0 && cp <= 0xffdc)) return 'korean';
  if ((cp >= 0x3040 && cp <= 0x30ff) || (cp >= 0x31f0 && cp <= 0x31ff) || (cp >= 0xff66 && cp <= 0xff9f)) {
    return 'japanese';
  }
  // Han ideographs, CJK punctuation and full-width forms: the font depends on the language around them.
  if ((cp >= 0x2e80 && cp <= 0x2fdf) || (cp >= 0x3000 && cp <= 0x303f) || (cp >= 0x3400 && cp <= 0x4dbf)) return 'han';
  if ((cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xff00 && cp <= 0xff65)) return 'han';
  if (cp >= 0x20000 && cp <= 0x3ffff) return 'han';
  // General punctuation, combining marks, joiners and symbols take the script of the text around them.
  if ((cp >= 0x2000 && cp <= 0x206f) || (cp >= 0x0300 && cp <= 0x036f) || cp === 0x00a0) return 'neutral';
  // Latin-1: everything below À but ª µ º, and × ÷, is punctuation or a symbol.
  if (cp < 0xc0) return cp === 0xaa || cp === 0xb5 || cp === 0xba ? 'default' : 'neutral';
  if (cp === 0xd7 || cp === 0xf7) return 'neutral';
  return 'default';
}

/**
 * Han characters are shared by Chinese, Japanese and Korean but drawn differently in each: kana in the
 * same text mean Japanese, hangul Korean, otherwise Chinese (simplified; the SC face also has most
 * traditional forms). The other faces stand in for any ideograph the chosen one lacks.
 */
function hanFamilies(text: string): FontFamily[] {
  const order: FontFamily[] = /[\u3040-\u30ff]/.test(text)
    ? [scriptFamilies.japanese, scriptFamilies.chinese, scriptFamilies.korean]
    : /[\uac00-\ud7af\u1100-\u11ff]/.test(text)
      ? [scriptFamilies.korean, scriptFamilies.chinese, scriptFamilies.japanese]
      : [scriptFamilies.chinese, scriptFamilies.japanese, scriptFamilies.korean];
  return order;
}

/** The Latin chain: the body font, the serif fallback, the symbol font. */
function defaultFamily(cp: number): FontFamily | null {
  if (cp < 0x20 || fontMetrics(fontFamilies.body).has(cp)) return fontFamilies.body;
  if (fontMetrics(fontFamilies.fallback).has(cp)) return fontFamilies.fallback;
  if (fontMetrics(fontFamilies.symbols).has(cp)) return fontFamilies.symbols;
  return null;
}

/** Every font that could set a code point of this class, best first. */
function candidates(cls: Class, han: () => FontFamily[]): FontFamily[] {
  if (cls === 'han') return han();
  if (cls === 'neutral' || cls === 'default') return [];
  return [scriptFamilies[cls]];
}

function familyFor(cp: number, cls: Class, han: () => FontFamily[]): FontFamily | null {
  for (const family of candidates(cls, han)) if (fontMetrics(family).has(cp)) return family;
  return defaultFamily(cp);
}

/**
 * Splits text into runs by the font that can set them and by bidi level, in logical (reading) order;
 * `levels` are the text's embedding levels (of the paragraph it is part of), computed from the text
 * alone when not given. The common case (the body font has every character, all of it left to right)
 * returns one run after a single scan, without reading any other font.
 */
export function splitByCoverage(text: string, levels: Uint8Array | null = bidiLevels(text)): TextRun[] {
  const body = fontMetrics(fontFamilies.body);
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i) ?? 0;
    if (cp >= 0x20 && !body.has(cp)) break;
    i += cp > 0xffff ? 2 : 1;
  }
  const levelAt = (at: number) => levels?.[at] ?? 0;
  if (i >= text.length && (!levels || levels.every((l) => l === levelAt(0)))) {
    return [run(text, fontFamilies.body, levelAt(0))];
  }

  let hanOrder: FontFamily[] | undefined;
  const han = () => (hanOrder ??= hanFamilies(text));
  const runs: TextRun[] = [];
  let start = 0;
  let family: FontFamily = fontFamilies.body;
  let level = levelAt(0);
  for (let at = 0; at < text.length;) {
    const cp = text.codePointAt(at) ?? 0;
    const cls = classify(cp);
    // A neutral stays in a script font's run when that font has it (spaces and commas inside a quotation),
    // unless the bidi algorithm gives it another level (a full stop after a quotation, its numbers).
    const inScriptRun: boolean =
      family !== fontFamilies.body &&
      family !== fontFamilies.fallback &&
      family !== fontFamilies.symbols &&
      levelAt(at) === level;
    const wanted: FontFamily =
      cls === 'neutral' && inScriptRun && (cp < 0x20 || fontMetrics(family).has(cp))
        ? family
        : (familyFor(cp, cls, han) ?? fontFamilies.body);
    if (wanted !== family || levelAt(at) !== level) {
      if (at > start) runs.push(run(text.slice(start, at), family, level));
      start = at;
      family = wanted;
      level = levelAt(at);
    }
    at += cp > 0xffff ? 2 : 1;
  }
  runs.push(run(text.slice(start), family, level));
  return merge(runs);
}

function run(text: string, family: FontFamily, level: number): TextRun {
  return { text, family, dir: level % 2 === 1 ? 'rtl' : 'ltr', level };
}

/** Neighbouring runs in the same font and level become one (fewer inlines for pdfmake to justify). */
function merge(runs: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  for (const r of runs) {
    const last = out[out.length - 1];
    if (last && last.family === r.family && last.level === r.level) last.text += r.text;
    else out.push({ ...r });
  }
  return out;
}

/**
 * Runs of one line in the order they are drawn, left to right, for text drawn without pdfmake's line
 * breaking (the spine): reordered by level (rule L2). Fontkit reverses the glyphs of a run in a
 * right-to-left script itself; a right-to-left run without such letters (brackets, punctuation between
 * two quotations) is reversed here, its brackets mirrored.
 */
export function drawnOrder(runs: TextRun[]): TextRun[] {
  if (runs.every((r) => r.level === 0)) return runs;
  return visualOrder(runs, (r) => r.level).map((r) =>
    r.dir === 'rtl' && !reversedByShaper(r.text) ? { ...r, text: [...r.text].reverse().map(mirrored).join('') } : r,
  );
}

/** Whether fontkit lays the text out right to left (it goes by the first letter of a known script). */
export function reversedByShaper(text: string): boolean {
  const letter = /[\p{L}\p{M}]/u.exec(text)?.[0];
  return letter !== undefined && /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/.test(letter);
}

/**
 * Characters of the text that no embedded font has (they would print as empty boxes), each once, in
 * order of first appearance. Control characters and the joiners of complex scripts are not glyphs.
 */
export function missingGlyphs(text: string): string[] {
  const missing = new Set<string>();
  for (const r of splitByCoverage(text)) {
    const metrics = fontMetrics(r.family);
    for (const char of r.text) {
      const cp = char.codePointAt(0) ?? 0;
      if (cp < 0x20 || cp === 0x200c || cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f)) continue;
      if (!metrics.has(cp)) missing.add(char);
    }
  }
  return [...missing];
}

/** A stretch of text in one script that Literata does not write, or in the book's own scripts (null). */
export interface ScriptSegment {
  text: string;
  script: Script | null;
}

/**
 * Splits text by script for markup (the EPUB's lang/dir spans): Japanese, Chinese, Korean, Arabic,
 * Hebrew, Devanagari and Thai stretches, with the spaces and punctuation between two letters of the same
 * script inside the stretch and all others outside. Han takes Japanese or Korean when kana or hangul are
 * in the same text, as in print. Latin, Greek and Cyrillic are null: the book's own fonts set them.
 */
export function splitByScript(text: string): ScriptSegment[] {
  // Most text has no letter of these scripts: one null segment, without classifying each character.
  if (!hasScriptLetter(text)) return text === '' ? [] : [{ text, script: null }];
  const chars = [...text];
  const han = /[\u3040-\u30ff]/.test(text)
    ? 'japanese'
    : /[\uac00-\ud7af\u1100-\u11ff]/.test(text)
      ? 'korean'
      : 'chinese';
  const strong: (Script | null | 'neutral')[] = chars.map((c) => {
    const cls = classify(c.codePointAt(0) ?? 0);
    return cls === 'han' ? han : cls === 'default' ? null : cls;
  });
  const resolved = strong.map((s, i) => {
    if (s !== 'neutral') return s;
    let before: Script | null | 'neutral' = null;
    for (let j = i - 1; j >= 0; j -= 1) if ((before = strong[j] ?? null) !== 'neutral') break;
    let after: Script | null | 'neutral' = null;
    for (let j = i + 1; j < strong.length; j += 1) if ((after = strong[j] ?? null) !== 'neutral') break;
    return before !== 'neutral' && before === after ? before : null;
  });
  const segments: ScriptSegment[] = [];
  chars.forEach((c, i) => {
    const script = resolved[i] ?? null;
    const last = segments[segments.length - 1];
    if (last && last.script === script) last.text += c;
    else segments.push({ text: c, script });
  });
  return segments;
}

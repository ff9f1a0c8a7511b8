import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Print typography measured on the finished PDF, the way a reader sees it: `pdftotext -bbox-layout` gives
 * every line with its box and words. Used by the typography test and by bench/export.
 *
 * Body lines are the lines as tall as the most common line (running heads, folios and headings are set in
 * other sizes and drop out). A paragraph starts at an indented line, after a gap of more than a line and a
 * half, or after a line that stops short of the right edge; it ends where the next one starts.
 * - orphan: a paragraph of 2+ lines whose first line is alone at the foot of a page;
 * - widow: a paragraph of 2+ lines whose last line is alone at the head of a page;
 * - loose line: a justified line (full width, not a paragraph's last) whose median word gap is over twice
 *   the median gap of all justified lines;
 * - hyphenated end: a justified line whose last word ends with a hyphen;
 * - uneven spread: a verso and the recto facing it, both full body pages (each followed by a page whose
 *   text starts at the top: neither ends a chapter), whose last lines do not stand on the same baseline.
 */
export interface TypographyFigures {
  bodyLines: number;
  paragraphs: number;
  orphans: number;
  widows: number;
  justifiedLines: number;
  looseLines: number;
  loosePercent: number;
  hyphenatedEnds: number;
  /** The longest run of consecutive lines ending with a hyphen. */
  longestHyphenRun: number;
  /** Spreads of two full body pages, and those whose pages end on different lines. */
  spreads: number;
  unevenSpreads: number;
  /** Examples, for failure messages: `p<page>: <line text>`. */
  examples: { orphans: string[]; widows: string[]; loose: string[]; unevenSpreads: string[] };
}

interface Word {
  xMin: number;
  xMax: number;
  text: string;
}

interface BodyLine {
  page: number;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
  words: Word[];
}

export function measureTypography(pdf: Uint8Array): TypographyFigures {
  return typographyOfLayout(bboxLayout(pdf));
}

function bboxLayout(pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'bookwright-typography-'));
  try {
    const path = join(dir, 'file.pdf');
    writeFileSync(path, pdf);
    const result = spawnSync('pdftotext', ['-enc', 'UTF-8', '-bbox-layout', path, '-'], {
      encoding: 'utf8',
      maxBuffer: 512 * 1024 * 1024,
    });
    if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
    return result.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const attribute = (tag: string, name: string) => Number(new RegExp(`${name}="([\\d.-]+)"`).exec(tag)?.[1] ?? NaN);

/** Figures from the XHTML that `pdftotext -bbox-layout` writes. */
export function typographyOfLayout(xhtml: string): TypographyFigures {
  const all: BodyLine[] = [];
  let page = 0;
  let line: BodyLine | null = null;
  for (const tag of xhtml.match(/<page [^>]*>|<line [^>]*>|<word [^>]*>[^<]*<\/word>/g) ?? []) {
    if (tag.startsWith('<page')) {
      page += 1;
    } else if (tag.startsWith('<line')) {
      line = {
        page,
        xMin: attribute(tag, 'xMin'),
        xMax: attribute(tag, 'xMax'),
        yMin: attribute(tag, 'yMin'),
        yMax: attribute(tag, 'yMax'),
        words: [],
      };
      all.push(line);
    } else if (line) {
      const text = decode(/>([^<]*)</.exec(tag)?.[1] ?? '');
      line.words.push({ xMin: attribute(tag, 'xMin'), xMax: attribute(tag, 'xMax'), text });
    }
  }
  const heights = all.map((l) => round(l.yMax - l.yMin));
  const bodyHeight = mode(heights);
  const lines = all
    .filter((l) => l.words.length > 0 && Math.abs(l.yMax - l.yMin - bodyHeight) <= 0.3)
    // Page numbers (folios, the contents' right column) are not text lines.
    .filter((l) => !l.words.every((w) => /^[\divxlc]+$/i.test(w.text)))
    .sort((a, b) => a.page - b.page || a.yMin - b.yMin);
  const leading = median(
    lines.slice(1).flatMap((l, i) => {
      const before = lines[i] as BodyLine;
      return before.page === l.page ? [l.yMin - before.yMin] : [];
    }),
  );
  // Text block edges of rectos and of versos (their margins differ): where most lines start and end.
  const left = [0, 1].map((parity) => mode(lines.filter((l) => l.page % 2 === parity).map((l) => round(l.xMin))));
  const right = [0, 1].map((parity) => mode(lines.filter((l) => l.page % 2 === parity).map((l) => round(l.xMax))));
  const full = (l: BodyLine) => l.xMax >= (right[l.page % 2] ?? 0) - 1.5;
  const indented = (l: BodyLine) => l.xMin > (left[l.page % 2] ?? 0) + 4;

  const paragraphs: BodyLine[][] = [];
  let previous: BodyLine | null = null;
  for (const l of lines) {
    const gap = previous && previous.page === l.page ? l.yMin - previous.yMin : 0;
    const starts = !previous || indented(l) || gap > leading * 1.5 || !full(previous);
    if (starts) paragraphs.push([l]);
    else paragraphs.at(-1)?.push(l);
    previous = l;
  }

  const text = (l: BodyLine) => `p${l.page}: ${l.words.map((w) => w.text).join(' ')}`;
  const examples: TypographyFigures['examples'] = { orphans: [], widows: [], loose: [], unevenSpreads: [] };
  let orphans = 0;
  let widows = 0;
  const justified: BodyLine[] = [];
  for (const paragraph of paragraphs) {
    if (paragraph.length < 2) continue;
    const [first, second] = paragraph as [BodyLine, BodyLine];
    if (second.page !== first.page) {
      orphans += 1;
      examples.orphans.push(text(first));
    }
    const last = paragraph.at(-1) as BodyLine;
    const beforeLast = paragraph.at(-2) as BodyLine;
    if (beforeLast.page !== last.page) {
      widows += 1;
      examples.widows.push(text(last));
    }
    for (const l of paragraph.slice(0, -1)) if (full(l) && l.words.length > 2) justified.push(l);
  }

  const gapsOf = (l: BodyLine) => l.words.slice(1).map((w, i) => w.xMin - (l.words[i] as Word).xMax);
  const bookGap = median(justified.flatMap(gapsOf));
  let looseLines = 0;
  let hyphenatedEnds = 0;
  let run = 0;
  let longestHyphenRun = 0;
  for (const l of justified) {
    if (median(gapsOf(l)) > bookGap * 2) {
      looseLines += 1;
      examples.loose.push(text(l));
    }
  }
  for (const l of lines) {
    const hyphenated = full(l) && /\p{L}[-\u2010\u00ad]$/u.test(l.words.at(-1)?.text ?? '');
    if (hyphenated) hyphenatedEnds += 1;
    run = hyphenated ? run + 1 : 0;
    longestHyphenRun = Math.max(longestHyphenRun, run);
  }
  const byPage = new Map<number, BodyLine[]>();
  for (const l of lines) byPage.set(l.page, [...(byPage.get(l.page) ?? []), l]);
  const top = mode([...byPage.values()].map((p) => round(p[0]?.yMin ?? 0)));
  const startsAtTop = (page: number) => Math.abs((byPage.get(page)?.[0]?.yMin ?? Infinity) - top) <= 2;
  let spreads = 0;
  let unevenSpreads = 0;
  for (const [verso, versoLines] of byPage) {
    if (verso % 2 === 1) continue;
    const recto = verso + 1;
    // Both pages full body pages: each starts at the top and the text runs on past it.
    if (![verso, recto, recto + 1].every(startsAtTop)) continue;
    spreads += 1;
    const versoEnd = versoLines.at(-1)?.yMax ?? 0;
    const rectoEnd = byPage.get(recto)?.at(-1)?.yMax ?? 0;
    if (Math.abs(versoEnd - rectoEnd) > 1) {
      unevenSpreads += 1;
      examples.unevenSpreads.push(`p${verso}–${recto}: ${Math.round(rectoEnd - versoEnd)} pt`);
    }
  }
  return {
    spreads,
    unevenSpreads,
    bodyLines: lines.length,
    paragraphs: paragraphs.length,
    orphans,
    widows,
    justifiedLines: justified.length,
    looseLines,
    loosePercent: justified.length === 0 ? 0 : (looseLines / justified.length) * 100,
    hyphenatedEnds,
    longestHyphenRun,
    examples,
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function mode(values: number[]): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = 0;
  let bestCount = -1;
  for (const [value, count] of counts) {
    if (count > bestCount) [best, bestCount] = [value, count];
  }
  return best;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

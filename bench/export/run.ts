/**
 * Export bench (ARCHITECTURE.md §10): a 100,000-word, 30-chapter book, measured in one run.
 *
 *   EPUB:          ours (the export service's EPUB builder) vs pandoc on the same text.  Target ≥ 15× faster.
 *   Interior PDF:  ours (renderInteriorPdf, the full KDP interior) vs a bare pdfmake render of the same
 *                  text (same fonts, 6x9, plain paragraphs).                               Target ≤ 1.15×.
 *
 *   node --import tsx bench/export/run.ts [--runs 3] [--words 100000] [--chapters 30]
 *
 * Each contender runs once to warm up, then `--runs` times interleaved; medians are compared. Peak RSS and
 * heap are sampled every 10 ms while each contender runs; maxRSS (getrusage) covers the whole process.
 */
import { printResults, type BenchFigure } from '../support/results';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { PrintOptions, TiptapNode } from '@bookwright/contracts/http';
import type { Content } from 'pdfmake/interfaces';
import { fontFamilies } from '../../services/export/src/fonts';
import { finishPdf, layoutPdf } from '../../services/export/src/pdf/pdfmake';
import { renderInteriorPdf, type InteriorDiagnostics } from '../../services/export/src/pdf/render-interior';
import { buildDocument, typesetExportBook, germanProse } from '../../services/export/src/pdf/testing/books';
import { measureTypography } from '../../services/export/src/pdf/testing/typography-measure';
import { offlineBook } from '../../services/export/src/pdf/testing/offline-book';
import type { PrintPagination } from '../../services/export/src/pdf/print-pagination';
import { runTask } from '../../services/export/src/workers/tasks';

// Issue 47 raised both: the EPUB back to its speed before the accessibility and script work, the interior to 1.15×.
const targets = { epubSpeedup: 15, pdfRatio: 1.15 };

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    words: { type: 'string', default: '100000' },
    chapters: { type: 'string', default: '30' },
  },
});
const runs = positiveInt(values.runs, '--runs');
const words = positiveInt(values.words, '--words');
const chapters = positiveInt(values.chapters, '--chapters');

const document = buildDocument({ chapters, wordsPerChapter: Math.ceil(words / chapters) });
const book = typesetExportBook({ document });
const print: PrintOptions = {
  platform: 'kdp',
  exportType: 'interior',
  trimSize: '6x9',
  paperColor: 'white',
  isPaperback: true,
  bleed: false,
};
const plain = (node: TiptapNode): string =>
  node.type === 'text' ? (node.text ?? '') : (node.content ?? []).map(plain).join('');
const countedWords = document.content
  .filter((n) => n.type === 'paragraph')
  .reduce((sum, n) => sum + plain(n).split(/\s+/).filter(Boolean).length, 0);

interface Measurement {
  ms: number;
  peakRssMb: number;
  peakHeapMb: number;
}

/** Runs `work` while sampling memory; wall time in ms. */
async function measure(work: () => Promise<unknown>): Promise<Measurement> {
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  };
  // Synchronous renders starve timers; sample before and after as well as in between.
  const sampler = setInterval(sample, 10);
  sample();
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  sample();
  clearInterval(sampler);
  return { ms, peakRssMb: peakRss / 2 ** 20, peakHeapMb: peakHeap / 2 ** 20 };
}

// --- contenders -----------------------------------------------------------------------------------

const ourEpub = () => runTask({ kind: 'epub', book, modified: new Date('2025-01-01T00:00:00Z') });

const workDir = mkdtempSync(join(tmpdir(), 'bench-export-'));
const markdownPath = join(workDir, 'book.md');
writeFileSync(
  markdownPath,
  [
    `---\ntitle: "${book.title}"\nauthor: "${book.author ?? ''}"\nlang: en\n---`,
    ...document.content.map((node) =>
      node.type === 'heading' ? `${'#'.repeat(Number(node.attrs?.level ?? 1))} ${plain(node)}` : plain(node),
    ),
  ].join('\n\n'),
);
const pandocAvailable = spawnSync('pandoc', ['--version'], { encoding: 'utf8' }).status === 0;
const pandocEpub = async () => {
  const result = spawnSync(
    'pandoc',
    ['-f', 'markdown', '-t', 'epub3', '-o', join(workDir, 'book.epub'), markdownPath],
    {
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`pandoc failed: ${result.stderr}`);
};

const diagnostics: InteriorDiagnostics = {};
let ourPages = 0;
let ourBytes: Uint8Array = new Uint8Array(0);
let ourPagination: PrintPagination | undefined;
const ourPdf = async () => {
  const result = await renderInteriorPdf(book, print, diagnostics);
  ourPages = result.pageCount;
  ourBytes = result.pdf;
  ourPagination = result.pagination;
};

let barePages = 0;
const barePdf = async () => {
  const content: Content[] = document.content.map((node) =>
    node.type === 'heading'
      ? { text: plain(node), fontSize: 20, margin: [0, 0, 0, 12], pageBreak: 'before' }
      : { text: plain(node), alignment: 'justify', margin: [0, 0, 0, 4] },
  );
  const doc = await layoutPdf({
    pageSize: { width: 432, height: 648 },
    pageMargins: [54, 54, 54, 54],
    defaultStyle: { font: fontFamilies.body, fontSize: 11 },
    content,
    footer: (page, count) => {
      barePages = count;
      return { text: String(page), alignment: 'center', fontSize: 9 };
    },
  });
  await finishPdf(doc);
};

// --- run ------------------------------------------------------------------------------------------

async function compare(
  label: string,
  ours: () => Promise<unknown>,
  reference: () => Promise<unknown>,
): Promise<{ ours: Measurement; reference: Measurement }> {
  await ours();
  await reference();
  const mine: Measurement[] = [];
  const theirs: Measurement[] = [];
  for (let i = 0; i < runs; i += 1) {
    // Alternate the order so neither side always runs on a warmer heap.
    if (i % 2 === 0) {
      mine.push(await measure(ours));
      theirs.push(await measure(reference));
    } else {
      theirs.push(await measure(reference));
      mine.push(await measure(ours));
    }
  }
  process.stdout.write(`${label}: ${runs} runs each, after one warm-up\n`);
  return { ours: median(mine), reference: median(theirs) };
}

function median(list: Measurement[]): Measurement {
  const sorted = [...list].sort((a, b) => a.ms - b.ms);
  const middle = sorted[Math.floor(sorted.length / 2)] ?? { ms: NaN, peakRssMb: NaN, peakHeapMb: NaN };
  return {
    ms: middle.ms,
    peakRssMb: Math.max(...list.map((m) => m.peakRssMb)),
    peakHeapMb: Math.max(...list.map((m) => m.peakHeapMb)),
  };
}

const row = (name: string, m: Measurement) =>
  `  ${name.padEnd(34)} ${m.ms.toFixed(0).padStart(7)} ms   peak RSS ${m.peakRssMb.toFixed(0).padStart(5)} MB   peak heap ${m.peakHeapMb.toFixed(0).padStart(5)} MB\n`;

process.stdout.write(`Export bench: ${countedWords.toLocaleString('en')} words, ${chapters} chapters\n\n`);
let failed = false;
const figures: BenchFigure[] = [];

if (pandocAvailable) {
  const epub = await compare('EPUB', ourEpub, pandocEpub);
  const speedup = epub.reference.ms / epub.ours.ms;
  process.stdout.write(row('ours (export service EPUB)', epub.ours));
  process.stdout.write(row('pandoc markdown → epub3', epub.reference));
  const ok = speedup >= targets.epubSpeedup;
  failed ||= !ok;
  figures.push({
    figure: 'export: EPUB of the 100k-word book',
    value: Math.round(epub.ours.ms),
    unit: 'ms',
    anchor: { name: 'pandoc', value: Math.round(epub.reference.ms) },
    ratio: speedup,
    target: `≥ ${targets.epubSpeedup}× faster`,
    met: ok,
  });
  process.stdout.write(
    `  speed-up ${speedup.toFixed(1)}× (target ≥ ${targets.epubSpeedup}×) ${ok ? 'PASS' : 'FAIL'}\n\n`,
  );
} else {
  process.stdout.write('EPUB: pandoc is not installed (apt-get install pandoc): comparison skipped\n\n');
}

const pdf = await compare('Interior PDF', ourPdf, barePdf);
const ratio = pdf.ours.ms / pdf.reference.ms;
process.stdout.write(
  row(`ours (KDP interior, ${ourPages} pages)`, pdf.ours) + row(`bare pdfmake (${barePages} pages)`, pdf.reference),
);
process.stdout.write(
  `  layouts per render: ${diagnostics.layouts ?? '?'} (estimated ${diagnostics.estimatedPages ?? '?'} pages)\n`,
);
const pdfOk = ratio <= targets.pdfRatio;
failed ||= !pdfOk;
figures.push({
  figure: 'export: KDP interior PDF',
  value: Math.round(pdf.ours.ms),
  unit: 'ms',
  anchor: { name: 'bare pdfmake', value: Math.round(pdf.reference.ms) },
  ratio,
  target: `≤ ${targets.pdfRatio}×`,
  met: pdfOk,
});
process.stdout.write(`  ratio ${ratio.toFixed(2)}× (target ≤ ${targets.pdfRatio}×) ${pdfOk ? 'PASS' : 'FAIL'}\n\n`);

// The EPUB again with the print edition's page list (decision 0025): the interior's pagination is kept at
// export time, so the EPUB only adds markers; it must cost about what the plain EPUB costs.
if (ourPagination) {
  const pagination = { ...ourPagination, source: 'bench print edition' };
  const paged = () => runTask({ kind: 'epub', book, modified: new Date('2025-01-01T00:00:00Z'), pagination });
  const epubs = await compare('EPUB with the print page list', paged, ourEpub);
  const pageListRatio = epubs.ours.ms / epubs.reference.ms;
  process.stdout.write(row('ours, with page list', epubs.ours) + row('ours, without', epubs.reference));
  process.stdout.write(`  ratio ${pageListRatio.toFixed(2)}× (the page list adds markers only)\n\n`);
  figures.push({
    figure: 'export: EPUB with the print page list',
    value: Math.round(epubs.ours.ms),
    unit: 'ms',
    anchor: { name: 'the same EPUB without', value: Math.round(epubs.reference.ms) },
    ratio: pageListRatio,
  });
}

// Print typography, measured on the PDF (pdftotext -bbox-layout) as the test does: this interior, and the
// typography test's German book (long compounds), rendered once more, untimed.
const germanBook = typesetExportBook(
  { language: 'german', languageCode: 'de', title: 'Der Leuchtturm' },
  { chapters: 6, wordsPerChapter: 4000, prose: germanProse, chapterTitle: (c) => `Kapitel ${c}` },
);
const germanPdf = (await renderInteriorPdf(germanBook, print)).pdf;
// The book issue 21 measured: the offline writer's default book (standard size, English), untimed.
const offlinePdf = (await renderInteriorPdf(await offlineBook(), print)).pdf;
for (const [language, bytes] of [
  ['English, this interior', ourBytes],
  ['German, 24,000 words of compounds', germanPdf],
  ['English, the default offline book', offlinePdf],
] as const) {
  const typo = measureTypography(bytes);
  const tag = language.startsWith('German') ? 'German ' : language.includes('offline') ? 'offline book ' : '';
  const typoRows: [string, number, string, boolean, string][] = [
    ['orphans', typo.orphans, '= 0', typo.orphans === 0, 'count'],
    ['widows', typo.widows, '= 0', typo.widows === 0, 'count'],
    ['loose lines', Number(typo.loosePercent.toFixed(2)), '≤ 0.5%', typo.loosePercent <= 0.5, '%'],
    ['hyphenated line ends', typo.hyphenatedEnds, '> 0', typo.hyphenatedEnds > 0, 'count'],
    ['longest run of hyphenated ends', typo.longestHyphenRun, '≤ 2', typo.longestHyphenRun <= 2, 'lines'],
  ];
  process.stdout.write(
    `Print typography, ${language} (${typo.bodyLines} body lines, ${typo.justifiedLines} justified, ${typo.paragraphs} paragraphs)\n`,
  );
  for (const [name, value, target, met, unit] of typoRows) {
    process.stdout.write(
      `  ${name.padEnd(32)} ${String(value).padStart(6)} (target ${target}) ${met ? 'PASS' : 'FAIL'}\n`,
    );
    figures.push({ figure: `export: ${tag}interior ${name}`, value, unit, target, met });
    failed ||= !met;
  }
  // Facing pages ending on different lines (a verso or recto left a line short to keep lines together).
  process.stdout.write(
    `  ${'spreads ending on different lines'.padEnd(32)} ${String(typo.unevenSpreads).padStart(6)} of ${typo.spreads} full spreads (no target)\n`,
  );
  figures.push({ figure: `export: ${tag}interior uneven spreads`, value: typo.unevenSpreads, unit: 'count' });
  process.stdout.write('\n');
}
process.stdout.write(`process maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB\n`);

printResults('export', figures);
rmSync(workDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);

function positiveInt(value: string | undefined, name: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a positive integer`);
  return parsed;
}

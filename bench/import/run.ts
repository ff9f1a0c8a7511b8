/**
 * Import bench (issue 46): a 100,000-word manuscript in Word (.docx, written by pandoc from Markdown: 30
 * chapters with italics, bold, scene breaks, block quotes and footnotes) imported by the export service's
 * converter (services/export/src/import: unzip with limits, mammoth's document model, chapters, front
 * matter, notes, the editor's schema check, the report) vs pandoc turning the same file into Markdown, on
 * the same machine, in the same run. Target: ours ≤ 1.0× pandoc's time.
 *
 *   node --import tsx bench/import/run.ts [--runs 3] [--words 100000] [--chapters 30]
 *
 * Each contender runs once to warm up, then `--runs` times interleaved; medians are compared.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { importManuscript } from '../../services/export/src/import';
import { printResults } from '../support/results';

const target = 1.0;

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    words: { type: 'string', default: '100000' },
    chapters: { type: 'string', default: '30' },
  },
});
const runs = Number(values.runs);
const words = Number(values.words);
const chapters = Number(values.chapters);

/** Deterministic prose: the same book on every run. */
function manuscript(): string {
  const vocabulary =
    'the sea wind light keeper harbour letter night morning stone boat rope salt iron door window stair lamp grey quiet old young father mother daughter island north south shore cliff storm rain fog map ship sail bell road village fire hand voice word silence'.split(
      ' ',
    );
  let seed = 7;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
  const word = () => vocabulary[next() % vocabulary.length]!;
  const lines = [
    '---',
    'title: The Long Harbour',
    'author: Bench Author',
    '---',
    '',
    'Copyright © 2026 Bench Author.',
    '',
  ];
  const perChapter = Math.ceil(words / chapters);
  let note = 0;
  for (let chapter = 1; chapter <= chapters; chapter += 1) {
    lines.push(`# Chapter ${chapter}`, '');
    let written = 0;
    let paragraph = 0;
    while (written < perChapter) {
      const length = 60 + (next() % 80);
      const sentence: string[] = [];
      for (let i = 0; i < length; i += 1)
        sentence.push(i % 17 === 5 ? `*${word()}*` : i % 29 === 3 ? `**${word()}**` : word());
      paragraph += 1;
      const withNote = paragraph % 25 === 0 ? `[^n${(note += 1)}]` : '';
      lines.push(`“${sentence.join(' ')}.”${withNote}`, '');
      if (paragraph % 12 === 0) lines.push('* * *', '');
      if (paragraph % 20 === 0) lines.push(`> ${sentence.slice(0, 20).join(' ')}.`, '');
      written += length;
    }
  }
  for (let n = 1; n <= note; n += 1) lines.push(`[^n${n}]: A note about the ${word()} and the ${word()}.`, '');
  return lines.join('\n');
}

const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
try {
  const markdown = join(dir, 'book.md');
  const docx = join(dir, 'book.docx');
  writeFileSync(markdown, manuscript());
  const made = spawnSync('pandoc', [markdown, '-o', docx], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`pandoc could not write the .docx: ${made.stderr || made.error?.message}`);
  const bytes = readFileSync(docx);

  const pandoc = (): number => {
    const started = performance.now();
    const run = spawnSync('pandoc', [docx, '-t', 'markdown', '-o', join(dir, 'out.md')], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`pandoc failed: ${run.stderr}`);
    return performance.now() - started;
  };
  let report: Awaited<ReturnType<typeof importManuscript>>['report'] | undefined;
  const ours = async (): Promise<number> => {
    const started = performance.now();
    report = (await importManuscript(bytes, { fileName: 'book.docx', language: 'english' })).report;
    return performance.now() - started;
  };

  pandoc();
  await ours();
  const pandocMs: number[] = [];
  const oursMs: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    pandocMs.push(pandoc());
    oursMs.push(await ours());
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  const anchor = median(pandocMs);
  const value = median(oursMs);
  const ratio = value / anchor;
  console.log(
    `import: ${(bytes.length / 1024).toFixed(0)} KB .docx, ${report?.words.toLocaleString('en')} words, ${report?.chapters.length} chapters (notes included), ${runs} runs`,
  );
  console.log(
    `  pandoc .docx → Markdown: ${pandocMs.map((ms) => ms.toFixed(0)).join(', ')} ms (median ${anchor.toFixed(0)})`,
  );
  console.log(
    `  our import:              ${oursMs.map((ms) => ms.toFixed(0)).join(', ')} ms (median ${value.toFixed(0)})`,
  );
  console.log(`  ratio ${ratio.toFixed(3)}× (target ≤ ${target.toFixed(1)}×) ${ratio <= target ? 'met' : 'MISSED'}`);
  printResults('import', [
    {
      figure: 'import: 100,000-word .docx',
      value: Math.round(value),
      unit: 'ms',
      anchor: { name: 'pandoc → Markdown', value: Math.round(anchor) },
      ratio,
      target: `≤ ${target.toFixed(1)}×`,
      met: ratio <= target,
    },
  ]);
  if (ratio > target) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The PDF checks of ARCHITECTURE.md §9, driving Debian's poppler-utils and qpdf on real files. Tests skip
 * loudly when a tool is missing, and fail instead under CI.
 */
export const pdfTools = ['qpdf', 'pdfinfo', 'pdffonts', 'pdftotext'] as const;

export function missingTools(tools: readonly string[] = pdfTools): string[] {
  return tools.filter(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim() === '',
  );
}

function withFile<T>(bytes: Uint8Array, use: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'bookwright-pdf-'));
  try {
    const path = join(dir, 'file.pdf');
    writeFileSync(path, bytes);
    return use(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `qpdf --check`: exit 0 means no errors, 3 warnings only. */
export function qpdfCheck(bytes: Uint8Array): { ok: boolean; output: string } {
  return withFile(bytes, (path) => {
    const result = run('qpdf', ['--check', path]);
    return { ok: result.status === 0, output: result.stdout + result.stderr };
  });
}

export interface PdfInfo {
  pages: number;
  widthPt: number;
  heightPt: number;
  encrypted: boolean;
  pdfVersion: string;
  fields: Record<string, string>;
}

export function pdfInfo(bytes: Uint8Array): PdfInfo {
  return withFile(bytes, (path) => {
    const result = run('pdfinfo', ['-enc', 'UTF-8', path]);
    if (result.status !== 0) throw new Error(`pdfinfo failed: ${result.stderr}`);
    const fields: Record<string, string> = {};
    for (const line of result.stdout.split('\n')) {
      const at = line.indexOf(':');
      if (at > 0) fields[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
    const size = /([\d.]+) x ([\d.]+) pts/.exec(fields['Page size'] ?? '');
    return {
      pages: Number(fields.Pages),
      widthPt: Number(size?.[1]),
      heightPt: Number(size?.[2]),
      encrypted: (fields.Encrypted ?? '').startsWith('yes'),
      pdfVersion: fields['PDF version'] ?? '',
      fields,
    };
  });
}

export interface PdfFont {
  name: string;
  type: string;
  embedded: boolean;
}

export function pdfFonts(bytes: Uint8Array): PdfFont[] {
  return withFile(bytes, (path) => {
    const result = run('pdffonts', [path]);
    if (result.status !== 0) throw new Error(`pdffonts failed: ${result.stderr}`);
    return result.stdout
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const columns = line.trim().split(/\s+/);
        // name, type (one or two words), encoding, emb, sub, uni, object, id
        const tail = columns.slice(-5);
        return { name: columns[0] ?? '', type: columns.slice(1, -6).join(' '), embedded: tail[0] === 'yes' };
      });
  });
}

/** The text of every page (index 0 = page 1), in reading order. */
export function pdfPageTexts(bytes: Uint8Array): string[] {
  return withFile(bytes, (path) => {
    const result = run('pdftotext', ['-enc', 'UTF-8', path, '-']);
    if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
    const pages = result.stdout.split('\f');
    if (pages.at(-1)?.trim() === '') pages.pop();
    return pages;
  });
}

export interface WordBox {
  page: number;
  word: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word with its box in points (origin top-left), from `pdftotext -bbox`. */
export function pdfWordBoxes(bytes: Uint8Array, pages?: { first: number; last: number }): WordBox[] {
  return withFile(bytes, (path) => {
    const range = pages ? ['-f', String(pages.first), '-l', String(pages.last)] : [];
    const result = run('pdftotext', ['-enc', 'UTF-8', '-bbox', ...range, path, '-']);
    if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
    const boxes: WordBox[] = [];
    let page = (pages?.first ?? 1) - 1;
    for (const line of result.stdout.split('\n')) {
      if (line.includes('<page ')) page += 1;
      const match = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
      if (!match) continue;
      boxes.push({
        page,
        word: decodeEntities(match[5] ?? ''),
        xMin: Number(match[1]),
        yMin: Number(match[2]),
        xMax: Number(match[3]),
        yMax: Number(match[4]),
      });
    }
    return boxes;
  });
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** PNGs of the given pages at `dpi`, written as `<prefix>-<page>.png` (pdftoppm's naming). */
export function renderPagePngs(
  bytes: Uint8Array,
  prefix: string,
  options: { first?: number; last?: number; dpi?: number } = {},
) {
  return withFile(bytes, (path) => {
    const args = ['-png', '-r', String(options.dpi ?? 60)];
    if (options.first) args.push('-f', String(options.first));
    if (options.last) args.push('-l', String(options.last));
    const result = run('pdftoppm', [...args, path, prefix]);
    if (result.status !== 0) throw new Error(`pdftoppm failed: ${result.stderr}`);
  });
}

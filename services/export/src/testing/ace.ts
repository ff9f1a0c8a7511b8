import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLimit } from '../render/limit';

/*
 * Ace by DAISY for tests: the accessibility checker publishers and retailers run on EPUBs. It is installed
 * without its Electron and Puppeteer downloads (package.json denies their install scripts) and runs its
 * Puppeteer runner on Debian's chromium. Every EPUB a test gives it must come back with no violation at
 * any impact. Reports are cached by content hash and one check runs at a time (one browser at a time).
 */

export const chromiumPath = '/usr/bin/chromium';
const aceCli = createRequire(import.meta.url).resolve('@daisy/ace/bin/ace-puppeteer.js');

export const aceMissingMessage = `${chromiumPath} not found (apt-get install chromium): Ace by DAISY checks are SKIPPED`;

/** True when chromium is there; in CI its absence is an error, elsewhere the Ace tests skip (and say so). */
export function aceAvailable(): boolean {
  if (existsSync(chromiumPath)) return true;
  if (process.env.CI) throw new Error(`${chromiumPath} is missing: CI must install chromium for the Ace checks`);
  return false;
}

export interface AceViolation {
  /** The content document or package file, as Ace names it. */
  file: string;
  rule: string;
  impact: string;
  description: string;
}

interface RawReport {
  assertions: {
    'earl:testSubject': { url: string };
    assertions: {
      'earl:test': { 'dct:title': string; 'earl:impact': string };
      'earl:result': { 'earl:outcome': string; 'dct:description'?: string };
    }[];
  }[];
}

const limit = createLimit(1);
const cache = new Map<string, Promise<AceViolation[]>>();

/** Ace's violations for the EPUB's bytes, one line each in `describeAceViolations`. */
export function aceViolations(epub: Uint8Array): Promise<AceViolation[]> {
  const hash = createHash('sha256').update(epub).digest('hex');
  let report = cache.get(hash);
  if (!report) {
    report = limit(() => runAce(epub));
    cache.set(hash, report);
  }
  return report;
}

export function describeAceViolations(violations: AceViolation[]): string[] {
  return violations.map((v) => `${v.impact} ${v.rule} in ${v.file}: ${v.description}`);
}

async function runAce(epub: Uint8Array): Promise<AceViolation[]> {
  const dir = await mkdtemp(join(tmpdir(), 'ace-'));
  try {
    const file = join(dir, 'book.epub');
    const out = join(dir, 'report');
    await writeFile(file, epub);
    const env = { ...process.env, PUPPETEER_EXECUTABLE_PATH: chromiumPath };
    await new Promise<void>((resolve, reject) => {
      execFile(
        process.execPath,
        // Not --silent: when Ace fails (once in a full run on 2026-11-27, with an empty stderr) its own
        // account of why is in what it prints, and the error below carries it.
        [aceCli, '--force', '--outdir', out, '--tempdir', join(dir, 'tmp'), file],
        { env, timeout: 180_000, maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) => {
          // Ace exits 0 with violations too; a missing report means it did not run.
          if (!existsSync(join(out, 'report.json'))) {
            const exit = error
              ? `exit ${String(error.code ?? '?')}, signal ${String(error.signal ?? 'none')}`
              : 'no report';
            reject(new Error(`Ace did not run (${exit}):\n${stdout.slice(-4_000)}\n${stderr.slice(-4_000)}`));
          } else resolve();
        },
      );
    });
    const raw = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as RawReport;
    return raw.assertions.flatMap((subject) =>
      subject.assertions
        .filter((a) => a['earl:result']['earl:outcome'] === 'fail')
        .map((a) => ({
          file: subject['earl:testSubject'].url,
          rule: a['earl:test']['dct:title'],
          impact: a['earl:test']['earl:impact'],
          description: a['earl:result']['dct:description'] ?? '',
        })),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

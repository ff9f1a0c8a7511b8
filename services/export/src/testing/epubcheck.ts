import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLimit } from '../render/limit';

/*
 * epubcheck (Debian's 4.2.6 here) for tests: every EPUB a test produces goes through it and must have no
 * fatal error, no error and no warning. A JVM start costs seconds, so reports are cached by content hash
 * (the same bytes are the same EPUB) and at most two checks run at once.
 */

const candidates = [process.env.EPUBCHECK_JAR, '/usr/share/java/epubcheck.jar', '/usr/bin/epubcheck'];
const jar = candidates.find((path): path is string => typeof path === 'string' && path !== '' && existsSync(path));
const java = ['/usr/bin/java', '/usr/local/bin/java'].find((path) => existsSync(path)) ?? (jar ? 'java' : undefined);

export const epubcheckAvailable = jar !== undefined && java !== undefined;
export const epubcheckMissingMessage =
  'epubcheck is not installed (apt-get install epubcheck, or set EPUBCHECK_JAR): EPUB validation tests are SKIPPED';

export interface EpubcheckMessage {
  id: string;
  severity: string;
  message: string;
  locations: { path: string; line: number; column: number }[];
}

export interface EpubcheckReport {
  fatals: number;
  errors: number;
  warnings: number;
  messages: EpubcheckMessage[];
  /** One line per fatal error, error and warning, for test failure output. */
  problems: string[];
}

const limit = createLimit(2);
const cache = new Map<string, Promise<EpubcheckReport>>();

/** Runs epubcheck on the EPUB's bytes. Throws when epubcheck is missing (CI must not pass without it). */
export function epubcheck(epub: Uint8Array): Promise<EpubcheckReport> {
  if (!jar || !java) throw new Error(epubcheckMissingMessage);
  const hash = createHash('sha256').update(epub).digest('hex');
  let report = cache.get(hash);
  if (!report) {
    report = limit(() => runEpubcheck(java, jar, epub));
    cache.set(hash, report);
  }
  return report;
}

async function runEpubcheck(javaPath: string, jarPath: string, epub: Uint8Array): Promise<EpubcheckReport> {
  const dir = await mkdtemp(join(tmpdir(), 'epubcheck-'));
  try {
    const file = join(dir, 'book.epub');
    const json = join(dir, 'report.json');
    await writeFile(file, epub);
    // A quick-starting JVM: epubcheck is short-lived, so the optimising compiler never pays off.
    const args = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', jarPath, file, '--json', json];
    await new Promise<void>((resolve, reject) => {
      // epubcheck exits non-zero when it finds errors; the JSON report says which.
      execFile(javaPath, args, { timeout: 180_000, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
        if (error && !existsSync(json)) reject(new Error(`epubcheck did not run: ${error.message}\n${stderr}`));
        else resolve();
      });
    });
    return parseReport(JSON.parse(await readFile(json, 'utf8')) as RawReport);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface RawReport {
  messages: {
    ID: string;
    severity: string;
    message: string;
    locations?: { path: string; line: number; column: number }[];
  }[];
  checker: { nFatal: number; nError: number; nWarning: number };
}

function parseReport(raw: RawReport): EpubcheckReport {
  const messages = raw.messages.map((m) => ({
    id: m.ID,
    severity: m.severity,
    message: m.message,
    locations: (m.locations ?? []).map((l) => ({ path: l.path, line: l.line, column: l.column })),
  }));
  return {
    fatals: raw.checker.nFatal,
    errors: raw.checker.nError,
    warnings: raw.checker.nWarning,
    messages,
    problems: messages
      .filter((m) => ['FATAL', 'ERROR', 'WARNING'].includes(m.severity))
      .map((m) => {
        const where = m.locations[0];
        return `${m.severity} ${m.id}${where ? ` ${where.path}:${where.line}:${where.column}` : ''}: ${m.message}`;
      }),
  };
}

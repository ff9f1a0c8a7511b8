import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));

/**
 * Type-checks `entry` among `files` (name → source), written to a directory of their own, with strict
 * settings and only Node's own types: what an integrator's generated client must compile under. Throws
 * tsc's report when it does not.
 */
export function typeCheckStrictly(files: Record<string, string>, entry: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'compile-'));
  try {
    for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source);
    const args = ['--noEmit', '--strict', '--types', 'node', '--target', 'es2022', '--module', 'nodenext'];
    try {
      execFileSync(process.execPath, [tsc, ...args, '--lib', 'es2022,dom', join(dir, entry)], { encoding: 'utf8' });
    } catch (error) {
      throw new Error(`${entry} does not compile:\n${String((error as { stdout?: string }).stdout ?? error)}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

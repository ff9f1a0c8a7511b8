import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What the web build reads: its own sources and config, the shared contracts, and the lockfile. */
const inputs = ['web', 'contracts/src', 'package-lock.json'];
const skipped = new Set(['node_modules', 'dist', '.vite']);
const stampName = '.source-hash';

/** A hash of every input file's path and bytes, in a stable order. */
export function webSourceHash(root: string): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const entries = readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (skipped.has(entry.name)) continue;
      const full = join(path, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile()) hash.update(relative(root, full)).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  for (const input of inputs) {
    const full = join(root, input);
    if (input.includes('.') && existsSync(full)) hash.update(input).update('\0').update(readFileSync(full));
    else visit(full);
  }
  return hash.digest('hex');
}

/**
 * Builds the web app only when its sources changed since the last build (the hash of the inputs is
 * stamped into web/dist), so a second `npm start` does not spend seconds on an identical build.
 */
export async function ensureWebBuild(
  root: string,
  say: (line: string) => void = () => {},
): Promise<'reused' | 'built'> {
  const dist = join(root, 'web', 'dist');
  const stamp = join(dist, stampName);
  const hash = webSourceHash(root);
  if (existsSync(join(dist, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash) {
    say('web app is up to date: reusing web/dist');
    return 'reused';
  }
  say('building the web app (sources changed since the last build)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@bookwright/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`web build failed (exit ${result.status ?? result.signal})`);
  writeFileSync(stamp, `${hash}\n`);
  return 'built';
}

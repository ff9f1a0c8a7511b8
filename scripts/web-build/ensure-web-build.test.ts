import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureWebBuild, webSourceHash } from './ensure-web-build';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'bookwright-webhash-'));
  await mkdir(join(root, 'web', 'src'), { recursive: true });
  await mkdir(join(root, 'web', 'node_modules', 'x'), { recursive: true });
  await mkdir(join(root, 'web', 'dist'), { recursive: true });
  await mkdir(join(root, 'contracts', 'src'), { recursive: true });
  await writeFile(join(root, 'web', 'src', 'main.tsx'), 'export {}');
  await writeFile(join(root, 'contracts', 'src', 'index.ts'), 'export {}');
  await writeFile(join(root, 'package-lock.json'), '{}');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('the web build stamp', () => {
  it('changes when a web source, a contract or the lockfile changes, and only then', async () => {
    const first = webSourceHash(root);
    expect(webSourceHash(root)).toBe(first);
    // Build output and installed packages are not inputs.
    await writeFile(join(root, 'web', 'dist', 'index.html'), '<html>');
    await writeFile(join(root, 'web', 'node_modules', 'x', 'index.js'), '1');
    expect(webSourceHash(root)).toBe(first);

    await writeFile(join(root, 'web', 'src', 'main.tsx'), 'export const a = 1');
    const second = webSourceHash(root);
    expect(second).not.toBe(first);
    await writeFile(join(root, 'contracts', 'src', 'index.ts'), 'export const b = 2');
    const third = webSourceHash(root);
    expect(third).not.toBe(second);
    await writeFile(join(root, 'package-lock.json'), '{"v":2}');
    expect(webSourceHash(root)).not.toBe(third);
  });

  it('reuses web/dist when its stamp matches the sources', async () => {
    await writeFile(join(root, 'web', 'dist', 'index.html'), '<html>');
    await writeFile(join(root, 'web', 'dist', '.source-hash'), `${webSourceHash(root)}\n`);
    expect(await ensureWebBuild(root)).toBe('reused');
  });
});

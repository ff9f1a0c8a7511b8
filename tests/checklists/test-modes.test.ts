import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  browserJourneyOnServers,
  browserSuitesOnServers,
  liveBooksOnServers,
  createModeClassifier,
  findTestFiles,
  leftOutOnServers,
  renderingSuitesLeftOutOnServers,
  modeIndependentTests,
} from '../support/test-modes';

// The servers run of CI leaves out the tests that cannot tell the modes apart (vitest.config.ts). These
// checks hold the classifier to the safe side: whatever reaches a database, a bus or a started process
// must still run against the real servers.
const repo = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = mkdtempSync(join(tmpdir(), 'bookwright-test-modes-'));
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

function fixture(files: Record<string, string>): (file: string) => boolean {
  const root = mkdtempSync(join(fixtures, 'case-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return createModeClassifier(root);
}

describe('which tests run in both modes', () => {
  it('follows imports, through cycles, to a module that reads the mode', () => {
    const reachesMode = fixture({
      'a.test.ts': "import { b } from './b';\n",
      'b.ts': "import { c } from './c';\nexport const b = 1;\n",
      'c.ts': "import { b } from './b';\nimport { d } from './deep/d';\nexport const c = b;\n",
      'deep/d.ts': 'export const d = process.env.DATABASE_URL;\n',
      'pure.test.ts': "import { b2 } from './b2';\n",
      'b2.ts': "import type { Thing } from './c2';\nexport const b2 = 2;\n",
      'c2.ts': "import { b2 } from './b2';\nexport type Thing = typeof b2;\n",
      'dynamic.test.ts': "await import('./nats');\n",
      'nats.ts': "export const url = process.env['NATS_URL'];\n",
    });
    expect(reachesMode('a.test.ts')).toBe(true);
    expect(reachesMode('pure.test.ts')).toBe(false);
    expect(reachesMode('dynamic.test.ts')).toBe(true);
  });

  it('counts a started process as reaching the mode, for it inherits the environment', () => {
    const reachesMode = fixture({
      'spawns.test.ts': "import { run } from './run';\n",
      'run.ts': "import { spawn } from 'node:child_process';\nexport const run = spawn;\n",
    });
    expect(reachesMode('spawns.test.ts')).toBe(true);
  });

  it('keeps every system, service and adapter suite in the servers run', () => {
    const reachesMode = createModeClassifier(repo);
    const mustReach = [
      ...findTestFiles(repo, ['tests/api', 'tests/distributed']),
      'services/kit/src/bus/bus.contract.test.ts',
      'services/kit/src/db/database.test.ts',
      'services/kit/src/blobs/blob-store.contract.test.ts',
      'services/kit/src/counters/window-counters.contract.test.ts',
      'services/book/src/domain/conditional-save.test.ts',
      'services/writer/src/service.test.ts',
    ];
    expect(mustReach.length).toBeGreaterThan(20);
    expect(mustReach.filter((file) => !reachesMode(file))).toEqual([]);
  });

  it('leaves out the pure suites: the web app, the mocked-API browser suites and pure rendering', () => {
    const independent = new Set(
      modeIndependentTests(repo, ['contracts', 'services', 'deploy', 'k8s', 'bench', 'scripts', 'tests', 'web/src']),
    );
    expect(independent).toContain('web/src/features/editor/saving/saves.test.tsx');
    expect(independent).toContain('tests/e2e/ui.test.ts');
    expect(independent).toContain('services/export/src/epub/tiptap-to-xhtml.test.ts');
  });

  it('keeps the main browser journey and live books in the servers run and leaves out the other browser suites', () => {
    const folders = ['contracts', 'packages', 'services', 'deploy', 'k8s', 'bench', 'scripts', 'tests', 'web/src'];
    const leftOut = new Set(leftOutOnServers(repo, folders));
    const browserSuites = findTestFiles(repo, ['tests/e2e']);
    expect(browserSuites).toContain(browserJourneyOnServers);
    for (const suite of liveBooksOnServers) expect(browserSuites).toContain(suite);
    expect(leftOut).not.toContain(browserJourneyOnServers);
    for (const suite of liveBooksOnServers) expect(leftOut).not.toContain(suite);
    expect(browserSuites.filter((file) => !browserSuitesOnServers.includes(file) && !leftOut.has(file))).toEqual([]);
    // Everything else the servers run had before stays in: the service, API, distributed and adapter suites,
    // but for the named rendering suites, each of which exists (a renamed file must not leave a dead entry).
    const independent = new Set(modeIndependentTests(repo, folders));
    const outsideTheBrowser = [...leftOut].filter((file) => !file.startsWith('tests/e2e/'));
    const allFiles = new Set(findTestFiles(repo, folders));
    for (const suite of renderingSuitesLeftOutOnServers) expect(allFiles).toContain(suite);
    expect(
      outsideTheBrowser.filter((file) => !independent.has(file) && !renderingSuitesLeftOutOnServers.includes(file)),
    ).toEqual([]);
    expect([...leftOut].filter((file) => /^tests\/(api|distributed)\//.test(file))).toEqual([]);
  });
});

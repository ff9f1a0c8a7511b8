import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { leftOutOnServers } from './tests/support/test-modes.js';

// One test command for the whole monorepo. DATABASE_URL / NATS_URL switch the service and adapter
// suites from the embedded defaults (PGlite, in-process bus) to the real servers.
const onServers = Boolean(process.env.DATABASE_URL || process.env.NATS_URL);
const testFolders = ['contracts', 'packages', 'services', 'deploy', 'k8s', 'bench', 'scripts', 'tests', 'web/src'];
// CI runs the suite in both modes (.ci/run). A test that reaches neither the database, the bus nor a
// process inheriting their configuration ran the same way in the embedded run, so the servers run
// leaves it out, with every browser suite but the main journey (tests/support/test-modes.ts says why);
// BOOKWRIGHT_TEST_ALL=1 keeps them in, and so does naming files on the command line.
const namesFiles = process.argv.slice(2).some((arg) => !arg.startsWith('-') && !['run', 'watch', 'list'].includes(arg));
// Vitest evaluates this file once for the root and once per project: the answer is kept for the process.
const cache = globalThis as { bookwrightSameInBothModes?: string[] };
const sameInBothModes = (cache.bookwrightSameInBothModes ??=
  onServers && !namesFiles && !process.env.BOOKWRIGHT_TEST_ALL
    ? announce(leftOutOnServers(fileURLToPath(new URL('.', import.meta.url)), testFolders))
    : []);

// The server and web suites run two files at a time even on two cores: much of a file's time is waiting
// (on PGlite's worker thread, child processes, sockets), so two at a time took the 208 files from about 24
// minutes to 10.5 on the CI machine; every test database and bus namespace is private to its file
// (services/kit/src/db/testing.ts). The browser suites run after them, one at a time.
const workers = Math.max(2, availableParallelism() - 1);

function announce(files: string[]): string[] {
  process.stdout.write(
    `Real servers: leaving out ${files.length} test files: those that ran the same in the embedded mode, and every browser suite but the main journey (BOOKWRIGHT_TEST_ALL=1 runs them)\n`,
  );
  return files;
}

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**', ...sameInBothModes],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // expect.poll waits for what the bus delivers a moment later (an audit line, a read model). Its own default
    // of 1 s is a wait a loaded CI machine can exceed with two runs at once; a poll that passes returns at once.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          maxWorkers: workers,
          setupFiles: ['./tests/support/pglite-template.ts'],
          include: [
            'contracts/**/*.test.ts',
            'packages/**/*.test.ts',
            'services/**/*.test.ts',
            'deploy/**/*.test.ts',
            'k8s/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/distributed/**/*.test.ts',
            'tests/checklists/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: { name: 'web', maxWorkers: workers, include: ['web/src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['./tests/e2e/global-setup.ts'],
          setupFiles: ['./tests/support/pglite-template.ts'],
          // One browser suite at a time: the machine has two cores.
          fileParallelism: false,
          testTimeout: 120_000,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

// One test command for the whole monorepo. DATABASE_URL / NATS_URL switch the service and adapter
// suites from the embedded defaults (PGlite, in-process bus) to the real servers.
export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: [
            'contracts/**/*.test.ts',
            'services/**/*.test.ts',
            'deploy/**/*.test.ts',
            'k8s/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/distributed/**/*.test.ts',
            'tests/checklists/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['./tests/e2e/global-setup.ts'],
          // One browser suite at a time: the machine has two cores.
          fileParallelism: false,
          testTimeout: 120_000,
        },
      },
    ],
  },
});

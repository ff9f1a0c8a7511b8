import { join } from 'node:path';
import type { TestModule } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { slowestFiles } from '../support/summary-reporter';

function moduleTaking(file: string, project: string, collect: number, duration: number): TestModule {
  return {
    moduleId: join(process.cwd(), file),
    project: { name: project },
    diagnostic: () => ({
      environmentSetupDuration: 0,
      prepareDuration: 100,
      collectDuration: collect,
      setupDuration: 0,
      duration,
    }),
  } as unknown as TestModule;
}

describe('the closing list of the slowest test files', () => {
  const modules = [
    moduleTaking('tests/api/a.test.ts', 'server', 900, 1_000),
    moduleTaking('tests/e2e/b.test.ts', 'e2e', 4_000, 60_000),
    moduleTaking('web/src/c.test.tsx', 'web', 2_000, 500),
  ];

  it('names the files longest first, counting import and setup as well as the tests', () => {
    expect(slowestFiles(modules, 3)).toEqual([
      '   64.1 s  e2e    tests/e2e/b.test.ts',
      '    2.6 s  web    web/src/c.test.tsx',
      '    2.0 s  server tests/api/a.test.ts',
    ]);
  });

  it('names no more files than asked', () => {
    expect(slowestFiles(modules, 1)).toHaveLength(1);
    expect(slowestFiles([], 5)).toEqual([]);
  });
});

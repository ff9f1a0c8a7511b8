import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest test files the closing lines name (BOOKWRIGHT_SLOWEST_FILES shows more, to find where the time goes). */
const slowestShown = Number(process.env.BOOKWRIGHT_SLOWEST_FILES) || 12;

/**
 * Prints plain closing lines that CI can read whatever the runner's own summary looks like:
 * `Tests: N passed, N failed, N skipped`, and the slowest files with the time each took (import and
 * setup included), because the suite's length is a budget (.ci/run) and this is where it goes.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
    const slowest = slowestFiles(testModules, slowestShown);
    if (slowest.length > 0) {
      process.stdout.write(`Slowest files:\n${slowest.map((line) => `  ${line}\n`).join('')}`);
    }
  }
}

/** `12.3 s  e2e  tests/e2e/book-flow.test.ts`, longest first. */
export function slowestFiles(testModules: ReadonlyArray<TestModule>, count: number): string[] {
  return testModules
    .map((module) => {
      const diagnostic = module.diagnostic();
      const seconds =
        (diagnostic.environmentSetupDuration +
          diagnostic.prepareDuration +
          diagnostic.collectDuration +
          diagnostic.setupDuration +
          diagnostic.duration) /
        1000;
      return { seconds, project: module.project.name, file: relative(process.cwd(), module.moduleId) };
    })
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map(({ seconds, project, file }) => `${seconds.toFixed(1).padStart(7)} s  ${project.padEnd(6)} ${file}`);
}

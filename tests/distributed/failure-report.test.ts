import { describe, expect, it } from 'vitest';
import { explainsFailure } from '../support/distributed-failure-report';
import { telling } from '../support/failure-report';

/** What the distributed suites' failure report keeps of the launcher's lines (no system needed: every mode). */
describe("the distributed suites' failure report", () => {
  const log = (name: string, entry: Record<string, unknown>) => `${name.padEnd(9)} | ${JSON.stringify(entry)}`;

  it('keeps the launcher, warnings, errors, stops and what is not a log line', () => {
    expect(explainsFailure('launcher  | gateway-1 exited (code 0): restarting in 1 s')).toBe(true);
    expect(explainsFailure('launcher  | some processes did not stop cleanly')).toBe(true);
    expect(explainsFailure(log('book', { level: 40, msg: 'slow statement' }))).toBe(true);
    expect(explainsFailure(log('user', { level: 50, msg: 'error while stopping' }))).toBe(true);
    expect(explainsFailure(log('writer-1', { level: 30, msg: 'stopping: finishing in-flight work' }))).toBe(true);
    expect(explainsFailure(log('export', { level: 30, msg: 'stopped' }))).toBe(true);
    expect(explainsFailure('collab-1  |     at Socket.emit (node:events:519:28)')).toBe(true);
    expect(explainsFailure('SIGTERM received: stopping every process…')).toBe(true);
  });

  it("leaves out a passing run's request lines and blank lines", () => {
    expect(explainsFailure(log('gateway-2', { level: 30, msg: 'request completed', responseTime: 3 }))).toBe(false);
    expect(explainsFailure(log('book', { level: 20, msg: 'outbox relayed' }))).toBe(false);
    expect(explainsFailure('')).toBe(false);
    expect(explainsFailure('planner   | ')).toBe(false);
  });
});

/** What the in-process suites' failure report keeps of the system's log (no system needed: every mode). */
describe("the API suites' failure report", () => {
  const startedAt = Date.parse('2026-11-30T10:00:00.000Z');
  const at = (seconds: number) => new Date(startedAt + seconds * 1000).toISOString();

  it("keeps the test's warnings, errors and slow answers, the last ones when there are many", () => {
    const logs = [
      { level: 50, time: at(-1), msg: 'an error of the test before' },
      { level: 30, time: at(1), msg: 'request completed', responseTime: 4 },
      { level: 40, time: at(2), msg: 'handler failed; redelivering', event: 'book.deleted' },
      { level: 30, time: at(3), msg: 'request completed', responseTime: 2_500 },
      { level: 50, time: at(4), msg: 'writing job interrupted' },
    ];
    const story = telling(logs, startedAt, 2);
    expect(story.summary).toBe('3 warnings, errors and answers slower than 2 s from the system');
    expect(story.lines).toEqual([`  ${JSON.stringify(logs[3])}`, `  ${JSON.stringify(logs[4])}`]);
  });

  it('says so when the system said nothing worth a look', () => {
    const story = telling([{ level: 30, time: at(1), msg: 'request completed', responseTime: 3 }], startedAt, 10);
    expect(story).toEqual({ summary: '0 warnings, errors and answers slower than 2 s from the system', lines: [] });
  });
});

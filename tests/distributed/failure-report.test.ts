import { describe, expect, it } from 'vitest';
import { explainsFailure } from '../support/distributed-failure-report';

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

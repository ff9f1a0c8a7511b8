import { describe, expect, it } from 'vitest';
import { telling } from '../support/failure-report';

/** What the in-process suites' failure report keeps of the system's log (no system needed). */
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

import { beforeEach } from 'vitest';

/** What a failure report tells of one failed test: a note for its header, and the lines under it. */
export interface FailureStory {
  summary?: string;
  lines: string[];
}

/**
 * When a test of the calling suite fails, prints a report in the CI log: a header naming the test and how
 * long it ran, and what `watch` saw meanwhile. `watch` is called as each test starts (to mark where its
 * evidence begins) and answers the teller, called only for a failed test. A test that fails once in a while
 * under CI's load, and passes alone, leaves its evidence where a rerun cannot.
 */
export function reportOnFailure(watch: () => (startedAt: number) => FailureStory): void {
  beforeEach(({ onTestFailed, task }) => {
    const startedAt = Date.now();
    const tell = watch();
    onTestFailed(() => {
      const story = tell(startedAt);
      const ran = ((Date.now() - startedAt) / 1000).toFixed(1);
      const header = `== failure report for "${task.name}" (the test ran ${ran} s${story.summary ? `; ${story.summary}` : ''})`;
      console.error([header, ...story.lines].join('\n'));
    });
  });
}

/** A server's answers slower than this are named in a report. */
export const slowAnswerMs = 2_000;

/**
 * The log lines of an in-process system a report names: its warnings, errors and answers slower than
 * `slowAnswerMs`, written since `startedAt`, the last `max` of them.
 */
export function telling(logs: readonly Record<string, unknown>[], startedAt: number, max: number): FailureStory {
  const chosen = logs.filter((line) => {
    const at = Date.parse(String(line.time));
    return at >= startedAt && (Number(line.level) >= 40 || Number(line.responseTime ?? 0) > slowAnswerMs);
  });
  return {
    summary: `${chosen.length} warnings, errors and answers slower than ${slowAnswerMs / 1000} s from the system`,
    lines: chosen.slice(-max).map((line) => `  ${JSON.stringify(line).slice(0, 600)}`),
  };
}

/**
 * For suites on `startTestSystem`: a failed test's report lists what the system logged at warning level or
 * above while it ran, and its slow answers (a handler failing and redelivered, a service waiting on another).
 */
export function reportSystemFailures(system: () => { logs: readonly Record<string, unknown>[] } | undefined): void {
  reportOnFailure(() => (startedAt) => telling(system()?.logs ?? [], startedAt, 120));
}

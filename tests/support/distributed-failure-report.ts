import { reportOnFailure } from './failure-report';
import type { DistributedSystem } from './distributed-system';

/** The most lines a report prints: enough to follow a stop or a restart, short enough to read in a CI log. */
const maxLines = 120;

/**
 * Whether a line the launcher printed (`name | text`) tells what a failure needs: the launcher's own (starts,
 * exits, restarts, how the stop ended), a process's warnings and errors, how each process stopped, and
 * anything that is not a JSON log line (a stack trace, a crash on stderr). A passing run's thousands of
 * request lines are left out.
 */
export function explainsFailure(line: string): boolean {
  const bar = line.indexOf(' | ');
  if (bar < 0) return line.trim() !== '';
  if (line.slice(0, bar).trim() === 'launcher') return true;
  const text = line.slice(bar + 3);
  let entry: { level?: unknown; msg?: unknown };
  try {
    entry = JSON.parse(text) as typeof entry;
  } catch {
    return text.trim() !== '';
  }
  if (typeof entry !== 'object' || entry === null) return true;
  return Number(entry.level) >= 40 || (typeof entry.msg === 'string' && /\bstop/i.test(entry.msg));
}

/**
 * When a test of the calling suite fails, prints what the distributed system's processes said while it ran:
 * the launcher's lines, warnings and errors, each process's stop, and what was not a log line. The suites
 * keep every line in memory, and printed them only when asked (DISTRIBUTED_LOG); a test that fails once in a
 * while under CI's load, and passes alone, now leaves its evidence in the CI log.
 */
export function reportDistributedFailures(system: () => DistributedSystem | undefined): void {
  reportOnFailure(() => {
    const from = system()?.lines.length ?? 0;
    return () => {
      const written = system()?.lines.slice(from) ?? [];
      const chosen = written.filter(explainsFailure);
      return {
        summary:
          `${written.length} lines from the system, ${chosen.length} of them launcher lines, warnings, errors, stops or not log lines` +
          `${chosen.length > maxLines ? `, the last ${maxLines} here` : ''}`,
        lines: chosen.slice(-maxLines).map((line) => `  ${line.slice(0, 600)}`),
      };
    };
  });
}

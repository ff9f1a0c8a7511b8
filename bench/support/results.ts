/**
 * Every bench prints its own readable lines and, last, one machine-readable line of figures that
 * `npm run bench` (bench/run-all.ts) gathers into one table.
 */
export interface BenchFigure {
  /** What was measured, e.g. "load (embedded): GET /book req/s". */
  figure: string;
  value: number;
  unit: string;
  /** The baseline measured in the same run, when the figure is compared with one. */
  anchor?: { name: string; value: number };
  /** value / anchor (or the bench's own ratio when it is defined differently). */
  ratio?: number;
  /** The target as text, e.g. "≥ 0.15×" or "≤ 50 ms". */
  target?: string;
  met?: boolean;
}

export const resultPrefix = 'BENCH_RESULT ';

export function printResults(bench: string, figures: BenchFigure[]): void {
  process.stdout.write(`${resultPrefix}${JSON.stringify({ bench, figures })}\n`);
}

export function parseResults(output: string): { bench: string; figures: BenchFigure[] }[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith(resultPrefix))
    .map((line) => JSON.parse(line.slice(resultPrefix.length)) as { bench: string; figures: BenchFigure[] });
}

import { describe, expect, it } from 'vitest';
import { parseResults, resultPrefix } from './results';

describe('bench results line', () => {
  it('finds the figures among the readable lines, and nothing else', () => {
    const figures = [{ figure: 'x', value: 1, unit: 'ms', ratio: 0.5, target: '≤ 1', met: true }];
    const output = [
      'a readable line',
      `${resultPrefix}${JSON.stringify({ bench: 'b', figures })}`,
      'BENCH_RESULTS no',
    ].join('\n');
    expect(parseResults(output)).toEqual([{ bench: 'b', figures }]);
    expect(parseResults('nothing here')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { maxAttempts, nextRetryDelayMs } from './retry-schedule';

describe('the retry schedule', () => {
  const hour = 60 * 60 * 1000;

  it('spreads 8 attempts over about 3 days with the default base, each delay growing', () => {
    const delays = Array.from({ length: maxAttempts - 1 }, (_, i) => nextRetryDelayMs(i + 1, 45_000, () => 0.5)!);
    expect(delays[0]).toBe(45_000);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThan(delays[i - 1]!);
    const total = delays.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(60 * hour);
    expect(total).toBeLessThan(80 * hour);
    expect(nextRetryDelayMs(maxAttempts, 45_000)).toBeUndefined();
  });

  it('scales with the base and jitters by at most 10 %', () => {
    expect(nextRetryDelayMs(3, 10, () => 0.5)).toBe(160);
    expect(nextRetryDelayMs(3, 10, () => 0)).toBe(144);
    expect(nextRetryDelayMs(3, 10, () => 1)).toBe(176);
  });
});

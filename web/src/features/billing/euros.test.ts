import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount } from './euros';

const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });

describe('formatAmount', () => {
  it('writes euros as Intl does: cents always, thousands grouped, the sign before the symbol', () => {
    expect(formatAmount(30)).toBe('€30.00');
    expect(formatAmount(1234567.891)).toBe('€1,234,567.89');
    expect(formatAmount(-5)).toBe('-€5.00');
    expect(formatAmount(-0)).toBe('-€0.00');
    expect(formatAmount(-0.001)).toBe('-€0.00');
  });

  it("rounds the number's shortest decimal form half away from zero, as Intl does", () => {
    // 1.005 and 2.675 are a little below those values as doubles: toFixed(2) writes 1.00 and 2.67.
    expect([formatAmount(1.005), formatAmount(2.675), formatAmount(0.125), formatAmount(999.995)]).toEqual([
      '€1.01',
      '€2.68',
      '€0.13',
      '€1,000.00',
    ]);
  });

  it('writes numbers in exponent form (tiny and huge) and the non-finite ones as Intl does', () => {
    for (const x of [1e-7, 5e-324, 0.000001, 1e21, 1.2345678901234568e25, Number.MAX_VALUE, NaN, Infinity, -Infinity])
      expect(formatAmount(x)).toBe(intl.format(x));
  });

  it('answers what Intl answers for every double', () => {
    fc.assert(
      fc.property(fc.double(), (x) => formatAmount(x) === intl.format(x)),
      { numRuns: 20_000 },
    );
  });

  it('answers what Intl answers for amounts with up to three decimals (where rounding ties are)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 3 }), (n, places) => {
        const x = n / 10 ** places;
        return formatAmount(x) === intl.format(x);
      }),
      { numRuns: 20_000 },
    );
  });
});

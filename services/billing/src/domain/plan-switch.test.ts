import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { plans } from '@bookwright/contracts/http';
import { allowancesAfterSwitch } from './plan-switch';

const used = (book: number, cover = 0, translation = 0) => ({ book, cover, translation });

describe('the allowance rule of a plan switch (docs/decisions/0018)', () => {
  it('gives a downgrade the new allowance minus what the month used, never below zero', () => {
    expect(allowancesAfterSwitch('starter', used(3, 1, 0))).toEqual({ book: 7, cover: 9, translation: 5 });
    expect(allowancesAfterSwitch('starter', used(11, 12, 6))).toEqual({ book: 0, cover: 0, translation: 0 });
  });

  it('makes an upgrade to an unlimited plan unlimited', () => {
    expect(allowancesAfterSwitch('professional', used(10, 10, 5))).toEqual({
      book: null,
      cover: null,
      translation: null,
    });
  });

  test.prop([fc.nat(50), fc.nat(50), fc.nat(50), fc.nat(50)])(
    'starter → professional → starter never leaves more than starter minus everything used',
    (beforeUpgrade, afterUpgrade, covers, translations) => {
      const total = used(beforeUpgrade + afterUpgrade, covers, translations);
      const back = allowancesAfterSwitch('starter', total);
      expect(back.book).toBe(Math.max(0, plans.starter.books - total.book));
      // More use never leaves more.
      const more = allowancesAfterSwitch('starter', used(total.book + 1, covers, translations));
      expect(more.book).toBeLessThanOrEqual(back.book!);
    },
  );
});

import { describe, expect, it } from 'vitest';
import { spentThisMonth } from './texts';

describe('what a member spent of the pool this month', () => {
  it('says only what was spent, singular or plural', () => {
    expect(spentThisMonth({ book: 2, cover: 1, translation: 0 })).toBe('2 books · 1 cover this month');
    expect(spentThisMonth({ book: 1, cover: 0, translation: 3 })).toBe('1 book · 3 translations this month');
    expect(spentThisMonth({ book: 0, cover: 2, translation: 1 })).toBe('2 covers · 1 translation this month');
  });

  it('says nothing when nothing was spent or the server did not say', () => {
    expect(spentThisMonth({ book: 0, cover: 0, translation: 0 })).toBeUndefined();
    expect(spentThisMonth(undefined)).toBeUndefined();
  });
});

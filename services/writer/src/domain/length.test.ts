import { describe, expect, it } from 'vitest';
import { chapterBudgets, maxWordsPerPart, targetCharsBySize, wordsForNextPart } from './length';

describe('chapterBudgets', () => {
  const chapters = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ number: i + 1, heading: `Chapter ${i + 1}: Title` }));

  it('shares a short book’s characters evenly, headings included', () => {
    const budgets = chapterBudgets(chapters(12), 'short');
    expect(budgets).toHaveLength(12);
    const total = budgets.reduce((sum, b) => sum + b.targetChars, 0) + 12 * 'Chapter 10: Title'.length;
    expect(Math.abs(total - targetCharsBySize.short)).toBeLessThan(200);
    // ≈ 125,000 characters / 12 chapters, in two parts of at most 1,500 words each.
    expect(budgets[0]?.targetChars).toBeGreaterThan(10_300);
    expect(budgets[0]?.parts).toBe(2);
    expect(budgets.every((b) => b.targetWords / b.parts <= maxWordsPerPart)).toBe(true);
  });

  it('uses one part for a chapter that fits one call', () => {
    expect(chapterBudgets(chapters(30), 'short')[0]?.parts).toBe(1);
    expect(chapterBudgets([], 'short')).toEqual([]);
  });
});

describe('wordsForNextPart', () => {
  it('asks for what is missing, shared by the parts left, within one call’s size', () => {
    const [budget] = chapterBudgets([{ number: 1, heading: 'Chapter 1' }], 'short');
    if (!budget) throw new Error('no budget');
    expect(wordsForNextPart(budget, { characters: 0, words: 0 }, 2)).toBe(maxWordsPerPart);
    expect(wordsForNextPart(budget, { characters: budget.targetChars - 1_160, words: 50 }, 1)).toBe(200);
    expect(wordsForNextPart(budget, { characters: budget.targetChars + 5_000, words: 2_000 }, 1)).toBe(150);
  });

  it('learns the characters per word from what is written', () => {
    const [budget] = chapterBudgets(
      Array.from({ length: 12 }, (_, i) => ({ number: i + 1, heading: `Chapter ${i + 1}` })),
      'short',
    );
    if (!budget) throw new Error('no budget');
    // Half written in long words (8 characters each): the rest is asked for in fewer, long words.
    const half = Math.round(budget.targetChars / 2);
    expect(wordsForNextPart(budget, { characters: half, words: half / 8 }, 1)).toBe(Math.round(half / 8));
  });
});

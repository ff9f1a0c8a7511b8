import { describe, expect, it } from 'vitest';
import { chapterContinuity, clip, storyBible } from './continuity';
import { buildFictionState, buildNonFictionState } from '../testing/books';
import { tailOf } from './prompts';

const planned = [1, 2, 3, 4].map((number) => ({ number, title: `T${number}`, brief: `Plan of ${number}` }));

describe('chapterContinuity', () => {
  it('uses written summaries where they exist, the plan otherwise, and only earlier chapters', () => {
    const finished = new Map([
      [1, { number: 1, title: 'T1', summary: 'Written 1', facts: ['Ines has a scar.'] }],
      [4, { number: 4, title: 'T4', summary: 'Written 4', facts: ['The lighthouse burns.'] }],
    ]);
    const context = chapterContinuity({ number: 3, bible: 'B', planned, finished, avoidPhrases: ['a b c'] });
    expect(context.storySoFar).toEqual([
      { number: 1, title: 'T1', summary: 'Written 1', source: 'written' },
      { number: 2, title: 'T2', summary: 'Plan of 2', source: 'planned' },
    ]);
    expect(context.establishedFacts).toEqual(['Ines has a scar.']);
    expect(context.nextChapter).toEqual({ number: 4, title: 'T4', brief: 'Plan of 4' });
    expect(context.avoidPhrases).toEqual(['a b c']);
  });

  it('shortens the oldest summaries when the story so far grows too long', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ number: i + 1, title: `T${i + 1}`, brief: 'x '.repeat(400) }));
    const context = chapterContinuity({ number: 41, bible: '', planned: many, finished: new Map(), avoidPhrases: [] });
    const total = context.storySoFar.reduce((sum, e) => sum + e.summary.length, 0);
    expect(total).toBeLessThanOrEqual(12_000);
    expect(context.storySoFar[0]?.summary.length).toBeLessThan(context.storySoFar[39]?.summary.length ?? 0);
  });
});

describe('storyBible', () => {
  it('has the cast and world of a novel, the topics and research of a guide', () => {
    const novel = storyBible(buildFictionState());
    expect(novel).toContain('- Ines Varga — protagonist');
    expect(novel).toContain('Setting: Port Ardel');
    const guide = storyBible(buildNonFictionState());
    expect(guide).toContain('Key topics: deep work; planning; rest');
    expect(guide).toContain('- Attention residue: Switching tasks leaves residue.');
  });
});

describe('clip', () => {
  it('cuts at a word boundary with an ellipsis', () => {
    expect(clip('alpha beta gamma delta', 15)).toBe('alpha beta…');
    expect(clip('  short  ', 12)).toBe('short');
  });

  it('never cuts an emoji or an accented letter in half, at either end', () => {
    const lone = /\p{Cs}/u;
    expect(clip('😀'.repeat(40), 15)).toBe(`${'😀'.repeat(7)}…`);
    expect(lone.test(tailOf('😀'.repeat(1_000), 1_501))).toBe(false);
    expect(tailOf('😀'.repeat(1_000), 1_501)).toBe('😀'.repeat(750));
    expect(clip('Cafe\u0301 cafe\u0301 cafe\u0301', 11)).toBe('Cafe\u0301 caf…');
  });
});

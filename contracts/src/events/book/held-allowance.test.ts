import { describe, expect, it } from 'vitest';
import { events } from '../registry';

const brief = {
  prompt: 'p',
  title: 'T',
  language: 'english',
  targetAudience: 'Adults',
  genre: 'mystery',
  size: 'short',
};

/** One payload of each event that names the reservation its attempt holds, as producers sent it before the fields. */
const before = {
  bookCreated: {
    bookId: 'b1',
    userId: 'u1',
    title: 'T',
    genre: 'mystery',
    bookType: 'fiction',
    language: 'english',
    targetAudience: 'Adults',
    size: 'short',
    prompt: 'p',
  },
  bookPlanningRequested: { bookId: 'b1', userId: 'u1', attempt: 1, brief },
  bookConfirmed: { bookId: 'b1', userId: 'u1', attempt: 1 },
  bookTranslationRequested: {
    bookId: 't1',
    userId: 'u1',
    attempt: 1,
    sourceBookId: 'b1',
    sourceLanguage: 'english',
    language: 'french',
    sourceContentKey: 'translation-sources/t1/source.json',
  },
} as const;

// Decision 0054: the fields are additive, so events from before them still parse, and billing reads them.
describe.each(Object.keys(before) as (keyof typeof before)[])('%s names the reservation it holds', (key) => {
  const schema = events[key].schema;

  it('parses an event from before the fields, without them', () => {
    expect(schema.parse(before[key])).toEqual(before[key]);
  });

  it('carries the key and kind through', () => {
    const named = { ...before[key], allowanceKey: 'translate:tr-1', allowanceKind: 'translation' };
    expect(schema.parse(named)).toMatchObject({ allowanceKey: 'translate:tr-1', allowanceKind: 'translation' });
  });

  it('refuses a key billing could never have reserved, and a kind no book takes from', () => {
    expect(schema.safeParse({ ...before[key], allowanceKey: '' }).success).toBe(false);
    expect(schema.safeParse({ ...before[key], allowanceKey: 'k'.repeat(201) }).success).toBe(false);
    expect(schema.safeParse({ ...before[key], allowanceKey: 'plan:1', allowanceKind: 'cover' }).success).toBe(false);
  });
});

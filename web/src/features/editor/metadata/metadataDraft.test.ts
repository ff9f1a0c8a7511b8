import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@bookwright/contracts/testing';
import { withSuggestion } from './SuggestMetadata';
import { makeBook } from '../../../test/books';
import { metadataDraftOf, startingAuthor } from './metadataDraft';

const account = buildUser({ firstName: 'Ada', lastName: 'Lovelace' });
const suggestion = {
  description: '<p>Letters.</p>',
  keywords: ['sea'],
  categories: ['Fiction / Literary'],
  subtitle: 'A Baltic Mystery',
};

describe('startingAuthor (issue 47: Author is required, so it starts as the account name)', () => {
  it("names the account on one's own book without an author", () => {
    expect(startingAuthor({ author: null }, account)).toBe('Ada Lovelace');
    expect(startingAuthor({ author: '  ' }, account)).toBe('Ada Lovelace');
  });

  it('never replaces a saved author', () => {
    expect(startingAuthor({ author: 'Mary Shelley' }, account)).toBe('Mary Shelley');
  });

  it('names the owner on a shared book, not the collaborator who opens it', () => {
    expect(startingAuthor({ author: null, ownerName: 'Grace Hopper' }, account)).toBe('Grace Hopper');
  });

  it('stays empty with no account read', () => {
    expect(startingAuthor({ author: null }, undefined)).toBe('');
  });

  it('goes into the draft only where the saved author is empty', () => {
    expect(metadataDraftOf(makeBook({ author: null }), 'Ada Lovelace').author).toBe('Ada Lovelace');
    expect(metadataDraftOf(makeBook({ author: 'Mary Shelley' }), 'Ada Lovelace').author).toBe('Mary Shelley');
    // Without a starting author (comparing two saved books), the draft is the book as saved.
    expect(metadataDraftOf(makeBook({ author: null })).author).toBe('');
  });
});

describe('an accepted AI suggestion and the author', () => {
  const draft = metadataDraftOf(makeBook({ author: null }));

  it("fills an empty Author with the account's name", () => {
    expect(withSuggestion({ ...draft, author: '' }, suggestion, 'Ada Lovelace').author).toBe('Ada Lovelace');
    expect(withSuggestion({ ...draft, author: '   ' }, suggestion, 'Ada Lovelace').author).toBe('Ada Lovelace');
  });

  test.prop([fc.string({ minLength: 1 }).filter((s) => s.trim() !== '')])('keeps any author typed', (typed) => {
    const accepted = withSuggestion({ ...draft, author: typed }, suggestion, 'Ada Lovelace');
    expect(accepted.author).toBe(typed);
    expect(accepted.description).toBe(suggestion.description);
  });
});

import { describe, expect, it } from 'vitest';
import { AppError } from '@bookwright/contracts/http';
import { trickyBook } from '../testing/books';
import { isbnIdentifier, publicationIdentifier } from '../epub/identifier';
import { isbnDigits, isValidIsbn } from './isbn';
import {
  manuscriptCharacters,
  parseManuscript,
  planGlossary,
  publicationLanguage,
  toExportBook,
} from './to-export-book';

describe('the export book', () => {
  it('collects the plan’s names (characters, and the places its setting names) for print to keep whole', () => {
    const state = {
      expandedIdea: {
        subGenre: '',
        emotionalTone: '',
        themes: [],
        centralConflict: '',
        worldBuilding: {
          setting: 'a fishing village near Kirkwall, on the Orkney islands',
          timePeriod: '',
          culturalContext: '',
          uniqueElements: [],
        },
      },
      characters: [{ name: 'Evangeline Marchbanks', role: '', arc: '', personality: '', backstory: '' }],
      plotOutline: { acts: [] },
    };
    expect(planGlossary(state)).toEqual(['Evangeline Marchbanks', 'Kirkwall', 'Orkney']);
    expect(planGlossary(null)).toEqual([]);
  });

  it('takes the publication language from languageMetadata, else from the writing language', () => {
    expect(publicationLanguage({ languageMetadata: 'es', language: 'german' })).toBe('es');
    expect(publicationLanguage({ languageMetadata: null, language: 'german' })).toBe('de');
    expect(publicationLanguage({ languageMetadata: null, language: 'norwegian' })).toBe('no');
    const book = trickyBook({ languageMetadata: null, language: 'italian' });
    expect(toExportBook(book, parseManuscript(book.bookContent), null).languageCode).toBe('it');
  });

  it('reads the stored manuscript, tolerating nodes the contract no longer knows', () => {
    expect(parseManuscript(null)).toEqual({ type: 'doc', content: [] });
    const legacy = parseManuscript(
      JSON.stringify({ type: 'doc', content: [{ type: 'image', attrs: { src: 'x' } }, 'junk', { type: 'paragraph' }] }),
    );
    expect(legacy.content.map((n) => n.type)).toEqual(['image', 'paragraph']);
    for (const bad of ['{not json', '{"type":"paragraph"}', '[]']) {
      expect(() => parseManuscript(bad)).toThrow(AppError);
    }
  });

  it('counts no characters for a manuscript without visible text', () => {
    expect(manuscriptCharacters({ type: 'doc', content: [{ type: 'paragraph' }, { type: 'paragraph' }] })).toBe(0);
    expect(
      manuscriptCharacters({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'abc' }] }] }),
    ).toBe(3);
  });
});

describe('the EPUB identifier', () => {
  const book = { id: 'b1', identifier: null as string | null, isbn: null as string | null };

  it.each([
    ['6F1C1A1E-4D7B-4C1E-9A53-0C9F3A1B2C3D', 'urn:uuid:6f1c1a1e-4d7b-4c1e-9a53-0c9f3a1b2c3d'],
    ['urn:uuid:6f1c1a1e-4d7b-4c1e-9a53-0c9f3a1b2c3d', 'urn:uuid:6f1c1a1e-4d7b-4c1e-9a53-0c9f3a1b2c3d'],
    ['978-0-306-40615-7', 'urn:isbn:9780306406157'],
    ['ISBN 0-306-40615-2', 'urn:isbn:0306406152'],
    ['  my-series/vol 1  ', 'my-series/vol 1'],
  ])('writes %s as %s', (identifier, expected) => {
    expect(publicationIdentifier({ ...book, identifier })).toBe(expected);
  });

  it('falls back to the ISBN, then to the book id, never to something random', () => {
    expect(publicationIdentifier({ ...book, isbn: '9780306406157' })).toBe('urn:isbn:9780306406157');
    expect(publicationIdentifier(book)).toBe('urn:bookwright:book:b1');
    expect(publicationIdentifier(book)).toBe(publicationIdentifier(book));
  });

  it('adds the ISBN as a second identifier only when the first is not it', () => {
    expect(isbnIdentifier({ ...book, identifier: 'x', isbn: '978-0-306-40615-7' })).toBe('urn:isbn:9780306406157');
    expect(isbnIdentifier({ ...book, identifier: '9780306406157', isbn: '978-0-306-40615-7' })).toBeNull();
  });

  it('checks ISBN check digits', () => {
    expect(isbnDigits('978-0-306-40615-7')).toBe('9780306406157');
    expect(isbnDigits('12345')).toBeNull();
    expect(isValidIsbn('9780306406157')).toBe(true);
    expect(isValidIsbn('9780306406158')).toBe(false);
    expect(isValidIsbn('0306406152')).toBe(true);
    expect(isValidIsbn('1234567890123')).toBe(false);
  });
});

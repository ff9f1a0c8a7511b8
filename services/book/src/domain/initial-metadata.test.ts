import { describe, expect, it } from 'vitest';
import { bookLanguages, MetadataLanguageSchema } from '@bookwright/contracts/http';
import { initialMetadataLanguage } from './initial-metadata';

describe('a new book’s metadata language', () => {
  it('is the language the book is written in', () => {
    expect(initialMetadataLanguage('polish')).toBe('pl');
    expect(initialMetadataLanguage('english')).toBe('en');
    expect(initialMetadataLanguage('italian')).toBe('it');
    expect(initialMetadataLanguage('norwegian')).toBe('no');
  });

  it.each(bookLanguages.map((l) => l.value))('is one the metadata form offers, for %s', (language) => {
    expect(MetadataLanguageSchema.options).toContain(initialMetadataLanguage(language));
  });
});

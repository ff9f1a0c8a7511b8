import { describe, expect, it } from 'vitest';
import { translationTargets } from '../http/books/translate';
import {
  bookLanguageName,
  bookLanguageOptions,
  bookLanguages,
  effectiveMetadataLanguage,
  metadataLanguageName,
  metadataLanguages,
  MetadataLanguageSchema,
} from './languages';

const inReadingOrder = (names: readonly string[]) =>
  [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));

describe('language names (issue 47: one naming, in reading order)', () => {
  it('names the metadata languages in English, as the create form and the Translate dialog do', () => {
    const labels = metadataLanguages.map((l) => l.label);
    expect(labels).toContain('Italian');
    expect(labels).toContain('Spanish');
    expect(labels).not.toContain('Italiano');
    expect(labels).not.toContain('Español');
    for (const { value, label } of metadataLanguages) {
      expect(label).toBe(bookLanguages.find((l) => l.code === value)?.label);
    }
  });

  it('lists every language once, in alphabetical order of the shown name, in every picker', () => {
    const metadataLabels = metadataLanguages.map((l) => l.label);
    const bookLabels = bookLanguageOptions.map((l) => l.label);
    expect(metadataLabels).toEqual(inReadingOrder(metadataLabels));
    expect(metadataLabels.slice(0, 3)).toEqual(['Albanian', 'Croatian', 'Czech']);
    expect(bookLabels).toEqual(metadataLabels);
    expect(new Set(metadataLanguages.map((l) => l.value)).size).toBe(bookLanguages.length);
    // The Translate dialog lists bookLanguages without the book's own: the literal list must stay sorted too.
    expect(bookLanguages.map((l) => l.label)).toEqual(bookLabels);
    expect(translationTargets('english').map((l) => l.label)).toEqual(bookLabels.filter((l) => l !== 'English'));
  });

  it('keeps the stored values: codes for metadata, lower-case names for the book language', () => {
    expect(metadataLanguages.map((l) => l.value).sort()).toEqual(bookLanguages.map((l) => l.code).sort());
    for (const { value } of metadataLanguages) expect(MetadataLanguageSchema.parse(value)).toBe(value);
    expect(MetadataLanguageSchema.safeParse('Italian').success).toBe(false);
    expect(effectiveMetadataLanguage({ languageMetadata: null, language: 'italian' })).toBe('it');
  });

  it('names one language the same from its book value and from its metadata code', () => {
    for (const { value, code } of bookLanguages) {
      expect(bookLanguageName(value)).toBe(metadataLanguageName(code));
    }
    expect(metadataLanguageName('it')).toBe('Italian');
    expect(bookLanguageName('spanish')).toBe('Spanish');
  });
});

import { z } from 'zod';

/** The 23 languages a book can be written in (spec §9), with the name shown to the author and the BCP 47 code. */
export const bookLanguages = [
  { value: 'albanian', label: 'Albanian', code: 'sq' },
  { value: 'croatian', label: 'Croatian', code: 'hr' },
  { value: 'czech', label: 'Czech', code: 'cs' },
  { value: 'danish', label: 'Danish', code: 'da' },
  { value: 'dutch', label: 'Dutch', code: 'nl' },
  { value: 'english', label: 'English', code: 'en' },
  { value: 'estonian', label: 'Estonian', code: 'et' },
  { value: 'finnish', label: 'Finnish', code: 'fi' },
  { value: 'french', label: 'French', code: 'fr' },
  { value: 'german', label: 'German', code: 'de' },
  { value: 'hungarian', label: 'Hungarian', code: 'hu' },
  { value: 'italian', label: 'Italian', code: 'it' },
  { value: 'latvian', label: 'Latvian', code: 'lv' },
  { value: 'lithuanian', label: 'Lithuanian', code: 'lt' },
  { value: 'norwegian', label: 'Norwegian', code: 'no' },
  { value: 'polish', label: 'Polish', code: 'pl' },
  { value: 'portuguese', label: 'Portuguese', code: 'pt' },
  { value: 'romanian', label: 'Romanian', code: 'ro' },
  { value: 'slovak', label: 'Slovak', code: 'sk' },
  { value: 'slovenian', label: 'Slovenian', code: 'sl' },
  { value: 'spanish', label: 'Spanish', code: 'es' },
  { value: 'swedish', label: 'Swedish', code: 'sv' },
  { value: 'turkish', label: 'Turkish', code: 'tr' },
] as const;

export type BookLanguage = (typeof bookLanguages)[number]['value'];
export const BookLanguageSchema = z.enum(bookLanguages.map((l) => l.value) as [BookLanguage, ...BookLanguage[]]);

export type MetadataLanguage = (typeof bookLanguages)[number]['code'];

/**
 * Every list of languages is shown in the order the reader reads it: alphabetical by the shown (English)
 * name, the way an English reader's locale sorts it, not by code or by the spec's first three.
 */
const byShownName = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * Publishing-metadata languages (spec §3 languageMetadata): every language a book can be written in, so that
 * the EPUB of a Polish book can say so. Named in English as everywhere else in the app (issue 47: the spec's
 * "Italiano"/"Español" beside "Albanian" read as two namings in one list); the stored value is the code.
 */
export const metadataLanguages: readonly { value: MetadataLanguage; label: string }[] = bookLanguages
  .map((l) => ({ value: l.code, label: l.label }))
  .sort((a, b) => byShownName.compare(a.label, b.label));

/** The languages a book can be written in, in reading order: the one list every language picker shows. */
export const bookLanguageOptions: readonly { value: BookLanguage; label: string }[] = [...bookLanguages].sort((a, b) =>
  byShownName.compare(a.label, b.label),
);

/** The name the app shows for a language a book is written in ("Italian"). */
export function bookLanguageName(language: BookLanguage): string {
  return bookLanguages.find((l) => l.value === language)?.label ?? language;
}

/** The name the app shows for a publishing-metadata language code ("it" → "Italian"), the same as above. */
export function metadataLanguageName(code: MetadataLanguage): string {
  return bookLanguages.find((l) => l.code === code)?.label ?? code;
}
export const MetadataLanguageSchema = z.enum(
  bookLanguages.map((l) => l.code) as [MetadataLanguage, ...MetadataLanguage[]],
);

/** The metadata language of a book written in `language`: that language's own code. */
export function metadataLanguageFor(language: BookLanguage): MetadataLanguage {
  return bookLanguages.find((l) => l.value === language)?.code ?? 'en';
}

/**
 * The metadata language a book declares: the author's choice, else the language it is written in. Books
 * created before the default existed have null stored; every reader (editor, export) goes through here.
 */
export function effectiveMetadataLanguage(book: {
  languageMetadata: MetadataLanguage | null;
  language: BookLanguage;
}): MetadataLanguage {
  return book.languageMetadata ?? metadataLanguageFor(book.language);
}

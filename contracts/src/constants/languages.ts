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

/**
 * Publishing-metadata languages (spec §3 languageMetadata): the spec's English, Italian and Spanish first,
 * then every other language a book can be written in, so that the EPUB of a Polish book can say so.
 */
const specMetadataLanguages = [
  { value: 'en', label: 'English' },
  { value: 'it', label: 'Italiano' },
  { value: 'es', label: 'Español' },
] as const;
export type MetadataLanguage = (typeof bookLanguages)[number]['code'];
export const metadataLanguages: readonly { value: MetadataLanguage; label: string }[] = [
  ...specMetadataLanguages,
  ...bookLanguages
    .filter((l) => !specMetadataLanguages.some((spec) => spec.value === l.code))
    .map((l) => ({ value: l.code, label: l.label })),
];
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

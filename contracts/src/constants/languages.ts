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

/** Publishing-metadata languages (spec §3 languageMetadata); English is shown by default. */
export const metadataLanguages = [
  { value: 'en', label: 'English' },
  { value: 'it', label: 'Italiano' },
  { value: 'es', label: 'Español' },
] as const;
export type MetadataLanguage = (typeof metadataLanguages)[number]['value'];
export const MetadataLanguageSchema = z.enum(['en', 'it', 'es']);
export const defaultMetadataLanguage: MetadataLanguage = 'en';

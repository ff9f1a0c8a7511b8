import { z } from 'zod';
import { MetadataLanguageSchema } from '../../constants/languages';
import { uniqueKeywords } from '../../text/keywords';
import { optionalDescriptionField } from '../../text/description/description-field';
import { optionalText, requiredText, tooLongMessage, tooManyMessage } from '../text-fields';

export const metadataMessages = {
  title: 'Title is required',
  author: 'Author is required',
  identifier: 'Identifier (UUID/ISBN) is required',
  languageMetadata: 'Language is required',
  publicationDate: 'Publication date must be a valid date (YYYY-MM-DD)',
  isbn: 'ISBN must have 10 or 13 digits',
  saved: 'Metadata updated successfully!',
} as const;

/**
 * Keywords arrive as a list or as comma-separated text; stored trimmed, without blanks or duplicates
 * (ignoring case and surrounding space, the first spelling kept: uniqueKeywords), at most 100 of them
 * (counted after that clean-up).
 */
export const KeywordsSchema = z
  .union([
    z.array(z.string().max(200, tooLongMessage('Each keyword', 200))),
    z.string().max(5_000, tooLongMessage('Subject/Keywords', 5_000)),
  ])
  .transform((value) => {
    return uniqueKeywords(Array.isArray(value) ? value : value.split(','));
  })
  .pipe(z.array(z.string()).max(100, tooManyMessage('Subject/Keywords', 100)));

const isRealDate = (value: string): boolean => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

/** PATCH /book/metadata/{id}: spec §7's fields plus isbn and subtitle. */
export const UpdateMetadataRequestSchema = z.object({
  title: requiredText('Title', metadataMessages.title, 200),
  author: requiredText('Author', metadataMessages.author, 200),
  identifier: requiredText('Identifier (UUID/ISBN)', metadataMessages.identifier, 200),
  languageMetadata: z.enum(MetadataLanguageSchema.options, { error: metadataMessages.languageMetadata }),
  genreMetadata: optionalText('Genre', 200),
  publisher: optionalText('Publisher', 200),
  // Rich text (the allow-list of description-html); the limit counts the characters a reader sees.
  description: optionalDescriptionField(5_000),
  keywords: KeywordsSchema.optional().transform((k) => k ?? []),
  rights: optionalText('Rights', 500),
  publicationDate: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v)), metadataMessages.publicationDate),
  isbn: optionalText('ISBN', 20).refine(
    (v) => v === null || /^(\d{9}[\dX]|\d{13})$/.test(v.replace(/[-\s]/g, '')),
    metadataMessages.isbn,
  ),
  subtitle: optionalText('Subtitle', 300),
});
export type UpdateMetadataRequest = z.infer<typeof UpdateMetadataRequestSchema>;

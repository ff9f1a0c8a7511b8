import { z } from 'zod';
import { MetadataLanguageSchema } from '../../constants/languages';

export const metadataMessages = {
  title: 'Title is required',
  author: 'Author is required',
  identifier: 'Identifier (UUID/ISBN) is required',
  languageMetadata: 'Language is required',
  publicationDate: 'Publication date must be a valid date (YYYY-MM-DD)',
  isbn: 'ISBN must have 10 or 13 digits',
  saved: 'Metadata updated successfully!',
} as const;

/** Keywords arrive as a list or as comma-separated text; stored trimmed, without blanks or duplicates. */
export const KeywordsSchema = z
  .union([z.array(z.string().max(200)).max(100), z.string().max(5_000)])
  .transform((value) => {
    const parts = (Array.isArray(value) ? value : value.split(',')).map((k) => k.trim()).filter(Boolean);
    return [...new Set(parts)];
  });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const isRealDate = (value: string): boolean => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

/** PATCH /book/metadata/{id}: spec §7's fields plus isbn and subtitle. */
export const UpdateMetadataRequestSchema = z.object({
  title: z.string({ error: metadataMessages.title }).trim().min(1, metadataMessages.title).max(200),
  author: z.string({ error: metadataMessages.author }).trim().min(1, metadataMessages.author).max(200),
  identifier: z.string({ error: metadataMessages.identifier }).trim().min(1, metadataMessages.identifier).max(200),
  languageMetadata: z.enum(MetadataLanguageSchema.options, { error: metadataMessages.languageMetadata }),
  genreMetadata: optionalText(200),
  publisher: optionalText(200),
  description: optionalText(5_000),
  keywords: KeywordsSchema.optional().transform((k) => k ?? []),
  rights: optionalText(500),
  publicationDate: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v)), metadataMessages.publicationDate),
  isbn: optionalText(20).refine(
    (v) => v === null || /^(\d{9}[\dX]|\d{13})$/.test(v.replace(/[-\s]/g, '')),
    metadataMessages.isbn,
  ),
  subtitle: optionalText(300),
});
export type UpdateMetadataRequest = z.infer<typeof UpdateMetadataRequestSchema>;

import { z } from 'zod';
import { BookLanguageSchema, MetadataLanguageSchema } from '../../constants/languages';
import { BookTypeSchema, GenreSchema } from '../../constants/genres';
import { BookStateSchema } from './book-state';

/** planning → validation → writing → ready; any step can end in failed, which can be retried. */
export const BookStatusSchema = z.enum(['planning', 'validation', 'writing', 'ready', 'failed']);
export type BookStatus = z.infer<typeof BookStatusSchema>;

/** Status colours of spec §4, for every client. */
export const bookStatusColors: Record<BookStatus, string> = {
  planning: 'blue',
  validation: 'amber',
  writing: 'orange',
  ready: 'green',
  failed: 'red',
};

export const BookFailureSchema = z.object({
  step: z.enum(['planning', 'writing']),
  reason: z.string(),
  at: z.string(),
});
export type BookFailure = z.infer<typeof BookFailureSchema>;

export const WritingProgressSchema = z.object({
  chaptersWritten: z.number().int().min(0),
  chaptersTotal: z.number().int().min(0),
});
export type WritingProgress = z.infer<typeof WritingProgressSchema>;

export const SizeSchema = z.enum(['short', 'long']);

/** Fields of the library list: everything but the (large) plan and manuscript. */
export const BookSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  status: BookStatusSchema,
  genre: GenreSchema,
  bookType: BookTypeSchema,
  language: BookLanguageSchema,
  targetAudience: z.string(),
  size: SizeSchema,
  coverImage: z.string().nullable(),
  author: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  failure: BookFailureSchema.nullable(),
  progress: WritingProgressSchema.nullable(),
});
export type BookSummary = z.infer<typeof BookSummarySchema>;

/** The Book entity of spec §3 as the API returns it. `bookContent` is the editor document as JSON text. */
export const BookSchema = BookSummarySchema.extend({
  prompt: z.string(),
  bookState: BookStateSchema.nullable(),
  identifier: z.string().nullable(),
  languageMetadata: MetadataLanguageSchema.nullable(),
  /** Falls back to `genre` when absent. */
  genreMetadata: z.string(),
  publisher: z.string().nullable(),
  description: z.string().nullable(),
  keywords: z.array(z.string()),
  rights: z.string().nullable(),
  publicationDate: z.string().nullable(),
  isbn: z.string().nullable(),
  bookContent: z.string().nullable(),
});
export type Book = z.infer<typeof BookSchema>;

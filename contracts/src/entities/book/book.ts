import { z } from 'zod';
import { BookRoleSchema } from './access';
import { isoDateTimeSchema } from '../formats';
import { BookLanguageSchema, MetadataLanguageSchema } from '../../constants/languages';
import { BookTypeSchema, GenreSchema } from '../../constants/genres';
import { BookStateSchema } from './book-state';

/**
 * planning → validation → writing → ready; a translation is born translating → ready. Any step can end
 * in failed, which can be retried.
 */
export const BookStatusSchema = z.enum(['planning', 'validation', 'writing', 'translating', 'ready', 'failed']);
export type BookStatus = z.infer<typeof BookStatusSchema>;

/** Status colours of spec §4, for every client. */
export const bookStatusColors: Record<BookStatus, string> = {
  planning: 'blue',
  validation: 'amber',
  writing: 'orange',
  translating: 'violet',
  ready: 'green',
  failed: 'red',
};

/** The steps that can fail: the book's own planning and writing, or the writing of a translation. */
export const FailedStepSchema = z.enum(['planning', 'writing', 'translating']);
export type FailedStep = z.infer<typeof FailedStepSchema>;

export const BookFailureSchema = z.object({
  step: FailedStepSchema,
  reason: z.string(),
  at: z.string(),
});
export type BookFailure = z.infer<typeof BookFailureSchema>;

export const WritingProgressSchema = z.object({
  chaptersWritten: z.number().int().min(0),
  chaptersTotal: z.number().int().min(0),
});
export type WritingProgress = z.infer<typeof WritingProgressSchema>;

/** A translation's link to the book it was translated from ("Translated from …"). */
export const TranslationLinkSchema = z.object({
  sourceBookId: z.string(),
  /** The original's title when the translation was made (the original may be renamed or deleted later). */
  sourceTitle: z.string(),
  sourceLanguage: BookLanguageSchema,
});
export type TranslationLink = z.infer<typeof TranslationLinkSchema>;

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
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  failure: BookFailureSchema.nullable(),
  progress: WritingProgressSchema.nullable(),
  /** Set on a book made by translating another; null otherwise. */
  translation: TranslationLinkSchema.nullable(),
  role: BookRoleSchema,
  ownerName: z.string().optional().describe("A book shared with you: its owner's name (absent on your own books)"),
  workspaceId: z.string().optional().describe("A team workspace's book: the workspace it belongs to"),
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
  /** The same value as the ETag header of GET /book/{id}, quotes included (entities/book/etag.ts). */
  etag: z.string(),
  live: z
    .boolean()
    .optional()
    .describe(
      'GET /book/{id}: true when the book is shared (anyone besides its owner is on it: a share, or a team workspace with another member), so it opens live; absent on the answers of saves',
    ),
});
export type Book = z.infer<typeof BookSchema>;

/** 412 of a conditional save: the version the book is at now, so the client can show both texts. */
export const StaleBookSchema = z.object({ msg: z.string(), etag: z.string(), updatedAt: isoDateTimeSchema });
export type StaleBook = z.infer<typeof StaleBookSchema>;

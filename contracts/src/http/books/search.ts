import { z } from 'zod';
import { BookStatusSchema } from '../../entities/book/book';

/** The bounds of one search, for the book service that keeps to them and the web app that says so. */
export const bookSearchLimits = {
  /** Characters of a query, after trimming. */
  queryLength: 100,
  /** Passages listed for one book: the first chapters that mention the query, in reading order. */
  matchesPerBook: 3,
  /** Books in one answer; `truncated` says when more matched. */
  books: 20,
  /** Characters of text shown on each side of a match in its passage, at most. */
  passageContext: 60,
} as const;

export const bookSearchMessages = {
  empty: 'Type something to search for',
  tooLong: `Search for at most ${bookSearchLimits.queryLength} characters`,
} as const;

/** GET /book/search's query: what to look for, case and accents aside. */
export const BookSearchQuerySchema = z.object({
  q: z
    .string({ error: bookSearchMessages.empty })
    .trim()
    .min(1, bookSearchMessages.empty)
    .max(bookSearchLimits.queryLength, bookSearchMessages.tooLong)
    .describe(`The words to find, 1–${bookSearchLimits.queryLength} characters; case and accents do not count`),
});

/** Where a match sits in a text: UTF-16 offsets, end excluded (`text.slice(start, end)` is the match). */
export const TextSpanSchema = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });
export type TextSpan = z.infer<typeof TextSpanSchema>;

export const ManuscriptMatchSchema = TextSpanSchema.extend({
  chapter: z.number().int().min(0).describe('The chapter, from 0 in reading order (as a partial save names it)'),
  chapterTitle: z.string().nullable().describe("The chapter's heading; null for the text before the first one"),
  passage: z.string().describe('The text around the match; start and end are offsets in it'),
});
export type ManuscriptMatch = z.infer<typeof ManuscriptMatchSchema>;

export const BookSearchResultSchema = z.object({
  bookId: z.string(),
  title: z.string(),
  status: BookStatusSchema,
  workspaceId: z.string().optional(),
  titleMatch: TextSpanSchema.nullable().describe('Where the title matches; null when only the manuscript does'),
  chapterMatches: z.number().int().min(0).describe('How many chapters mention the query'),
  matches: z
    .array(ManuscriptMatchSchema)
    .max(bookSearchLimits.matchesPerBook)
    .describe(`The first ${bookSearchLimits.matchesPerBook} chapters that mention it, one passage each`),
});
export type BookSearchResult = z.infer<typeof BookSearchResultSchema>;

export const BookSearchAnswerSchema = z.object({
  results: z
    .array(BookSearchResultSchema)
    .max(bookSearchLimits.books)
    .describe('Books whose title matches first, then by how many chapters mention the query, then newest first'),
  truncated: z.boolean().describe(`More than ${bookSearchLimits.books} books matched`),
});
export type BookSearchAnswer = z.infer<typeof BookSearchAnswerSchema>;

import { z } from 'zod';
import { BookLanguageSchema, bookLanguages, type BookLanguage } from '../../constants/languages';

/** POST /book/{id}/translate: the language to translate the book into (any of the product's but its own). */
export const TranslateBookRequestSchema = z.object({
  language: BookLanguageSchema.describe('The language of the new book'),
});
export type TranslateBookRequest = z.infer<typeof TranslateBookRequestSchema>;

/** 202: the new book, which translates in the background and appears in GET /book with its own status. */
export const TranslateBookResponseSchema = z.object({ data: z.object({ bookId: z.string() }) });
export type TranslateBookResponse = z.infer<typeof TranslateBookResponseSchema>;

/** Texts of the translation answers, for the service, the gateway and the web. */
export const translationMessages = {
  sameLanguage: 'This book is already in that language. Choose another language.',
  notReady: 'Only a finished book can be translated. Wait until it is ready.',
  started: 'Translation started! The new book appears in your library.',
  failed: 'Failed to start the translation. Please try again.',
} as const;

/** The languages a book in `language` can be translated into: every one of the product's but its own. */
export function translationTargets(language: BookLanguage): (typeof bookLanguages)[number][] {
  return bookLanguages.filter((l) => l.value !== language);
}

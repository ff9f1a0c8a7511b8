import { z } from 'zod';
import { BookLanguageSchema, bookLanguages, type BookLanguage } from '../../constants/languages';

/** A translation's title: the same bounds as a new book's (plan.ts). */
export const translationTitleMaxChars = 200;
export const TranslationTitleSchema = z
  .string()
  .trim()
  .min(1, 'Title is required')
  .max(translationTitleMaxChars, `The title is at most ${translationTitleMaxChars} characters`);

/**
 * POST /book/{id}/translate: the language to translate the book into (any of the product's but its own),
 * and the new book's title (the author's edit of the suggestion; without one, the suggestion).
 */
export const TranslateBookRequestSchema = z.object({
  language: BookLanguageSchema.describe('The language of the new book'),
  title: TranslationTitleSchema.optional().describe(
    "The new book's title; default: the original's, with the language named (suggestedTranslationTitle)",
  ),
});
export type TranslateBookRequest = z.infer<typeof TranslateBookRequestSchema>;

/** 202: the new book, which translates in the background and appears in GET /book with its own status. */
export const TranslateBookResponseSchema = z.object({ data: z.object({ bookId: z.string() }) });
export type TranslateBookResponse = z.infer<typeof TranslateBookResponseSchema>;

/** POST /book/{id}/translation-title: the language the translation's title is suggested in. */
export const TranslationTitleRequestSchema = z.object({
  language: BookLanguageSchema.describe('The language of the translation'),
});
export type TranslationTitleRequest = z.infer<typeof TranslationTitleRequestSchema>;

/**
 * A translation's suggested title: the configured model's (`model`), or, in demo mode, without a plan or
 * when the model fails or answers junk, the original's title with the language named (`suggestion`).
 */
export const TranslationTitleSuggestionSchema = z.object({
  title: TranslationTitleSchema,
  source: z
    .enum(['model', 'suggestion'])
    .describe("`model`: the AI model's title; `suggestion`: the original's title with the language named"),
});
export type TranslationTitleSuggestion = z.infer<typeof TranslationTitleSuggestionSchema>;

/** Texts of the translation answers, for the service, the gateway and the web. */
export const translationMessages = {
  sameLanguage: 'This book is already in that language. Choose another language.',
  notReady: 'Only a finished book can be translated. Wait until it is ready.',
  started: 'Translation started! The new book appears in your library.',
  failed: 'Failed to start the translation. Please try again.',
} as const;

/** The language's own name for itself, capitalised as a title starts ("Deutsch", "Français", "English"). */
export function nativeLanguageName(language: BookLanguage): string {
  const code = bookLanguages.find((l) => l.value === language)!.code;
  const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? language;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
}

/**
 * The title a translation starts with when no model suggests one: the original's title with the new
 * language named in that language ("Die Briefe der Leuchtturmwärterin (English)"), so the library never
 * shows two identical cards. Kept within the title limit by shortening the original's part.
 */
export function suggestedTranslationTitle(title: string, language: BookLanguage): string {
  const suffix = ` (${nativeLanguageName(language)})`;
  const room = translationTitleMaxChars - suffix.length;
  const base = title.trim();
  return `${base.length > room ? `${base.slice(0, room - 1).trimEnd()}…` : base}${suffix}`;
}

/** The languages a book in `language` can be translated into: every one of the product's but its own. */
export function translationTargets(language: BookLanguage): (typeof bookLanguages)[number][] {
  return bookLanguages.filter((l) => l.value !== language);
}

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { MetadataSuggestionSchema } from '../../http/books/metadata-suggestion';
import { BookLanguageSchema } from '../../constants/languages';
import { TranslationTitleSuggestionSchema } from '../../http/books/translate';
import { defineHealthRequest } from '../health';

/**
 * The planner consumes book.planning-requested and publishes planner.plan-*; the questions it answers are
 * suggestions it makes with the same model: store metadata from the plan and the manuscript, and a
 * translation's title in its language.
 */
export const plannerRequests = {
  health: defineHealthRequest('planner'),
  suggestMetadata: defineRequest({
    name: 'planner.metadata.suggest',
    version: 1,
    request: z.object({ userId: z.string(), bookId: z.string() }),
    response: MetadataSuggestionSchema,
    description:
      'POST /book/{id}/metadata/suggest: description, keywords, categories and subtitle from the plan and the manuscript. Saves nothing.',
  }),
  suggestTranslationTitle: defineRequest({
    name: 'planner.translation-title.suggest',
    version: 1,
    request: z.object({ userId: z.string(), bookId: z.string(), language: BookLanguageSchema }),
    response: TranslationTitleSuggestionSchema,
    description:
      "POST /book/{id}/translation-title: the book's title in `language`, by the model when one is configured and the author has a plan, else (or when the model fails or answers junk) the original's title with the language named. 400 for the book's own language. Saves nothing.",
  }),
} as const;

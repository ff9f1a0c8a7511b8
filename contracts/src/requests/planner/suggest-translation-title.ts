import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookLanguageSchema } from '../../constants/languages';
import { TranslationTitleSuggestionSchema } from '../../http/books/translate';

export const suggestTranslationTitleRequest = defineRequest({
  name: 'planner.translation-title.suggest',
  version: 1,
  request: z.object({ userId: z.string(), bookId: z.string(), language: BookLanguageSchema }),
  response: TranslationTitleSuggestionSchema,
  description:
    "POST /book/{id}/translation-title: the book's title in `language`, by the model when one is configured and the author has a plan, else (or when the model fails or answers junk) the original's title with the language named. 400 for the book's own language. Saves nothing.",
});

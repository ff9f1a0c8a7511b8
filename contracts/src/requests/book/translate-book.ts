import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookSchema } from '../../entities/book/book';
import { BookLanguageSchema } from '../../constants/languages';
import { TranslationTitleSchema } from '../../http/books/translate';
import { owned } from './request-fields';

export const translateBookRequest = defineRequest({
  name: 'book.translate',
  version: 1,
  request: z.object({
    ...owned,
    language: BookLanguageSchema,
    title: TranslationTitleSchema.optional(),
    requestId: z.string().min(1).max(190),
  }),
  response: BookSchema,
  description:
    'POST /book/{id}/translate: from a ready book (the new book is titled `title`, else suggestedTranslationTitle), reserves one translation of the monthly allowance (402 without a plan, 403 with the spec text when none is left), stores a new book in translating linked to the original, and asks the writer to translate it (book.translation-requested). The same requestId pays once and returns the same new book.',
});

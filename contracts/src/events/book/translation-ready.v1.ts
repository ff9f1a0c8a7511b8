import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { BookLanguageSchema } from '../../constants';

export const translationReadyV1 = defineEvent({
  name: 'translation.ready',
  version: 1,
  schema: z.object({
    /** The translation: a book of its own. */
    bookId: z.string(),
    /** Its owner (who pays). */
    userId: z.string(),
    sourceBookId: z.string(),
    sourceLanguage: BookLanguageSchema,
    language: BookLanguageSchema,
    words: z.number().int().min(0),
  }),
  description:
    'A translation is complete: the book bookId (translated from sourceBookId) is in status ready. Published beside its book.ready.',
});

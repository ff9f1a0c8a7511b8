import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { BookLanguageSchema } from '../../constants';
import { base } from './event-fields';
import { heldAllowanceFields } from './held-allowance';

export const bookTranslationRequestedV1 = defineEvent({
  name: 'book.translation-requested',
  version: 1,
  schema: z.object({
    ...base,
    attempt: z.number().int().positive(),
    sourceBookId: z.string(),
    sourceLanguage: BookLanguageSchema,
    language: BookLanguageSchema,
    /** The original's manuscript (tiptap JSON) as it was when the translation was asked for, in the blob store. */
    sourceContentKey: z.string(),
    ...heldAllowanceFields,
  }),
  description:
    "A new book (status translating) is to be translated from sourceBookId into language; the writer translates it chapter by chapter (or resumes, for a later attempt), and the cover service gives it the original's cover art with its own title. Billing keeps the reservation it holds (allowanceKey, allowanceKind).",
});

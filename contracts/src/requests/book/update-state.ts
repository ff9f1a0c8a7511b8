import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookSchema } from '../../entities/book/book';
import { BookStateInputSchema } from '../../entities/book/document-depth';
import { owned } from './request-fields';

export const updateStateRequest = defineRequest({
  name: 'book.state.update',
  version: 1,
  request: z.object({
    ...owned,
    // Its depth before the bus stringifies it and the book service's schema reads it (document-depth.ts).
    newBookState: BookStateInputSchema,
  }),
  response: BookSchema,
  description:
    'Replaces the whole bookState (validated against the book’s fiction/non-fiction shape). 409 while planning or writing.',
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookSchema } from '../../entities/book/book';
import { owned } from './request-fields';

export const retryBookRequest = defineRequest({
  name: 'book.retry',
  version: 1,
  request: z.object(owned),
  response: BookSchema,
  description:
    'Retries the step that failed (planning or writing), reserving one book of the allowance again (403 when none is left). 409 unless the book failed.',
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookSchema } from '../../entities/book/book';
import { owned } from './request-fields';

export const confirmBookRequest = defineRequest({
  name: 'book.confirm',
  version: 1,
  request: z.object(owned),
  response: BookSchema,
  description: 'Confirms the structure: validation → writing. 409 in any other status.',
});

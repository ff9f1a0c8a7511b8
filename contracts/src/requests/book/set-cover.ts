import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookSchema } from '../../entities/book/book';
import { owned } from './request-fields';

export const setCoverRequest = defineRequest({
  name: 'book.cover.set',
  version: 1,
  request: z.object({ ...owned, coverImage: z.string().nullable() }),
  response: BookSchema,
  description: 'Points the book at a cover image URL (or removes it).',
});

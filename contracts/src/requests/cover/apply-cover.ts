import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookSchema } from '../../entities/book/book';
import { owned } from './request-fields';

export const applyCoverRequest = defineRequest({
  name: 'cover.apply',
  version: 1,
  request: z.object({ ...owned, coverImage: z.string().nullable() }),
  response: BookSchema,
  description:
    "Sets a book's cover: only a cover this book's owner uploaded or generated for this book, or null to remove it. 400 for any other URL, 404 for someone else's book.",
});

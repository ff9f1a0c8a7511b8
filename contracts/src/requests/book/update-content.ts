import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookSchema } from '../../entities/book/book';
import { ManuscriptTextSchema, SaveAnswerSchema, SavedContentSchema } from '../../http/books/content-save';
import { owned, ifMatch } from './request-fields';

export const updateContentRequest = defineRequest({
  name: 'book.content.update',
  version: 1,
  request: z.object({ ...owned, bookContent: ManuscriptTextSchema, ...ifMatch, answer: SaveAnswerSchema.optional() }),
  response: z.union([BookSchema, SavedContentSchema]),
  description:
    "Replaces the manuscript (tiptap JSON text; invalid documents get 400). 409 unless the book is ready. With ifMatch, 412 (extra: etag, updatedAt) unless the book is at one of those tags, checked under the row lock. Answers the book, or only its etag and updatedAt when answer is 'version'.",
});

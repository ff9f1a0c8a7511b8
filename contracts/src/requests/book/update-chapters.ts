import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookSchema } from '../../entities/book/book';
import { ChaptersSaveSchema, SaveAnswerSchema, SavedContentSchema } from '../../http/books/content-save';
import { owned, ifMatch } from './request-fields';

export const updateChaptersRequest = defineRequest({
  name: 'book.chapters.update',
  version: 1,
  request: z.object({
    ...owned,
    chapters: ChaptersSaveSchema,
    ifMatch: ifMatch.ifMatch.unwrap(),
    answer: SaveAnswerSchema.optional(),
  }),
  response: z.union([BookSchema, SavedContentSchema]),
  description:
    'Replaces some chapters of the manuscript (chaptersOf: cut at its level-1 headings, numbered from 0), under the same If-Match rules as book.content.update, which is required here: 412 (extra: etag, updatedAt) unless the book is at one of those tags. 400 for a chapter the manuscript does not have or an invalid node, 409 for a book with no manuscript or not ready. Answers like book.content.update.',
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookBriefSchema } from './book-brief';

// Internal: the writer reads its brief and reports its work.
export const getBriefRequest = defineRequest({
  name: 'book.brief.get',
  version: 1,
  request: z.object({ bookId: z.string() }),
  response: BookBriefSchema,
  description: 'Internal: the request and plan of a book, for the writer.',
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookSummarySchema } from '../../entities/book/book';

export const listBooksRequest = defineRequest({
  name: 'book.list',
  version: 1,
  request: z.object({ userId: z.string() }),
  response: z.object({ books: z.array(BookSummarySchema) }),
  description:
    "The person's library, newest first, without plan and manuscript: their own books, the books shared with them, and the books of their workspaces (each with workspaceId).",
});

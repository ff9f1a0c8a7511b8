import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookSearchAnswerSchema, BookSearchQuerySchema } from '../../http/books/search';

/** GET /book/search (handlers/search.ts in the book service). */
export const searchBooksRequest = defineRequest({
  name: 'book.search',
  version: 1,
  request: z.object({
    userId: z.string(),
    q: BookSearchQuerySchema.shape.q,
    workspaceId: z.string().optional().describe("A workspace's API token: only that workspace's books"),
  }),
  response: BookSearchAnswerSchema,
  description:
    "Finds a query, case and accents aside, in the titles and manuscripts of the books the person's library lists (their own, their workspaces', those shared with them; none in the trash): per book the title's match and a passage from each of the first chapters that mention it.",
});

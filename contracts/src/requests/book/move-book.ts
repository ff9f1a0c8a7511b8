import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookSummarySchema } from '../../entities/book/book';
import { MoveBookRequestSchema } from '../../http/workspaces/workspaces';

export const moveBookRequest = defineRequest({
  name: 'book.move',
  version: 1,
  request: z.object({ userId: z.string(), bookId: z.string(), ...MoveBookRequestSchema.shape }),
  response: BookSummarySchema,
  description:
    "POST /book/{id}/move: the book's owner moves it into a workspace they belong to; from then on it is the workspace's (its owner pays for it, every member sees it).",
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookSchema } from '../../entities/book/book';
import { PlanRequestSchema } from '../../http/agent/plan';

export const createBookRequest = defineRequest({
  name: 'book.create',
  version: 1,
  request: z.object({
    userId: z.string(),
    plan: PlanRequestSchema,
    requestId: z.string().min(1).max(190),
    workspaceId: z
      .string()
      .optional()
      .describe("A workspace the person belongs to: the book is the workspace's, paid from its pool"),
  }),
  response: BookSchema,
  description:
    'POST /agent/plan: reserves one book of the monthly allowance (403 with the spec text when none is left), stores the book in planning and asks the planner for its plan (book.planning-requested). The same requestId pays once and returns the same book.',
});

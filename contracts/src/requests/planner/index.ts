import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookSchema } from '../../entities/book/book';
import { PlanRequestSchema } from '../../http/agent/plan';
import { MetadataSuggestionSchema } from '../../http/books/metadata-suggestion';
import { defineHealthRequest } from '../health';

export const plannerRequests = {
  health: defineHealthRequest('planner'),
  plan: defineRequest({
    name: 'planner.plan',
    version: 1,
    request: z.object({ userId: z.string(), plan: PlanRequestSchema, requestId: z.string() }),
    response: BookSchema,
    description:
      'POST /agent/plan: takes one book from the allowance (403 when none is left), creates the book in planning and returns it at once.',
  }),
  suggestMetadata: defineRequest({
    name: 'planner.metadata.suggest',
    version: 1,
    request: z.object({ userId: z.string(), bookId: z.string() }),
    response: MetadataSuggestionSchema,
    description:
      'POST /book/{id}/metadata/suggest: description, keywords, categories and subtitle from the plan and the manuscript. Saves nothing.',
  }),
} as const;

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { MetadataSuggestionSchema } from '../../http/books/metadata-suggestion';
import { defineHealthRequest } from '../health';

/**
 * The planner consumes book.planning-requested and publishes planner.plan-*; the one question it answers is
 * for metadata suggestions, which it makes with the same model from the plan and the manuscript.
 */
export const plannerRequests = {
  health: defineHealthRequest('planner'),
  suggestMetadata: defineRequest({
    name: 'planner.metadata.suggest',
    version: 1,
    request: z.object({ userId: z.string(), bookId: z.string() }),
    response: MetadataSuggestionSchema,
    description:
      'POST /book/{id}/metadata/suggest: description, keywords, categories and subtitle from the plan and the manuscript. Saves nothing.',
  }),
} as const;

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { MetadataSuggestionSchema } from '../../http/books/metadata-suggestion';

export const suggestMetadataRequest = defineRequest({
  name: 'planner.metadata.suggest',
  version: 1,
  request: z.object({ userId: z.string(), bookId: z.string() }),
  response: MetadataSuggestionSchema,
  description:
    'POST /book/{id}/metadata/suggest: description, keywords, categories and subtitle from the plan and the manuscript. Saves nothing.',
});

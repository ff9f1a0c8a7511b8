import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { RevisionSchema, SaveRevisionRequestSchema } from '../../http/books/revisions';
import { owned } from './request-fields';

export const saveRevisionRequest = defineRequest({
  name: 'book.revisions.save',
  version: 1,
  request: z.object({ ...owned, ...SaveRevisionRequestSchema.shape }),
  response: RevisionSchema,
  description:
    'Keeps a version for good ("Save a version"): the current manuscript, or the given text without changing the manuscript. 409 unless ready.',
});

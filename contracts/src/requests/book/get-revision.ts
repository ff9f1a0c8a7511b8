import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { RevisionSchema } from '../../http/books/revisions';
import { owned } from './request-fields';

export const getRevisionRequest = defineRequest({
  name: 'book.revisions.get',
  version: 1,
  request: z.object({ ...owned, revisionId: z.string() }),
  response: RevisionSchema,
  description: 'One snapshot with its text; 404 for an unknown revision or anyone else’s book.',
});

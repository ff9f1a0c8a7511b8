import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookSchema } from '../../entities/book/book';
import { owned } from './request-fields';

export const restoreRevisionRequest = defineRequest({
  name: 'book.revisions.restore',
  version: 1,
  request: z.object({ ...owned, revisionId: z.string() }),
  response: BookSchema,
  description:
    'Puts a snapshot back as the manuscript, after keeping the manuscript it replaces as a revision. 409 unless ready.',
});

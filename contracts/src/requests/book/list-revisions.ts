import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { RevisionSummarySchema } from '../../http/books/revisions';
import { owned } from './request-fields';

// Revision history (the book service's handlers/<verb>-revisions.ts).
export const listRevisionsRequest = defineRequest({
  name: 'book.revisions.list',
  version: 1,
  request: z.object(owned),
  response: z.object({ revisions: z.array(RevisionSummarySchema) }),
  description: 'The manuscript snapshots of one of the user’s books, newest first, without their text.',
});

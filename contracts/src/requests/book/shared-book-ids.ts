import { z } from 'zod';
import { defineRequest } from '../../bus/define';

export const sharedBookIdsRequest = defineRequest({
  name: 'book.shared-books.list',
  version: 1,
  request: z.object({ userId: z.string() }),
  response: z.object({
    bookIds: z.array(z.string()),
    workspaceIds: z.array(z.string()).default([]).describe('The workspaces the person belongs to'),
  }),
  description:
    'Internal: the books shared with this person or in their workspaces (not their own), for the live event stream.',
});

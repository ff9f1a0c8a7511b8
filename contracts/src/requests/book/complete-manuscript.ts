import { z } from 'zod';
import { defineRequest } from '../../bus/define';

export const completeManuscriptRequest = defineRequest({
  name: 'book.manuscript.complete',
  version: 1,
  request: z.object({
    bookId: z.string(),
    contentBlobKey: z.string(),
    words: z.number().int().min(0),
    pages: z.number().int().min(0),
  }),
  response: z.object({ applied: z.boolean() }),
  description:
    'Internal: the finished manuscript (tiptap JSON in the blob store under contentBlobKey); writing or translating → ready.',
});

import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { isoDateTimeSchema } from '../../entities/formats';

export const commentResolvedV1 = defineEvent({
  name: 'comment.resolved',
  version: 1,
  schema: z.object({
    bookId: z.string(),
    commentId: z.string().describe('The thread resolved'),
    resolvedBy: z.string().describe('The owner or co-author who resolved it (a user id)'),
    at: isoDateTimeSchema,
  }),
  description: 'The owner or a co-author resolved a comment thread (reopening one publishes nothing).',
});

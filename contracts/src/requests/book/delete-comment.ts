import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { oneComment } from './request-fields';

export const deleteCommentRequest = defineRequest({
  name: 'book.comment.delete',
  version: 1,
  request: z.object(oneComment),
  response: z.object({}),
  description:
    'DELETE /book/{id}/comments/{commentId}: its author deletes a thread (its replies go with it) or a reply.',
});

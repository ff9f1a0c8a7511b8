import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { CommentThreadSchema, UpdateCommentRequestSchema } from '../../http/books/comments';
import { oneComment } from './request-fields';

export const updateCommentRequest = defineRequest({
  name: 'book.comment.update',
  version: 1,
  request: z.object({ ...oneComment, change: UpdateCommentRequestSchema }),
  response: CommentThreadSchema,
  description:
    'PATCH /book/{id}/comments/{commentId}, a thread or a reply: its body by its author, resolved by the owner and co-authors (a thread only); answers the whole thread. Resolving publishes comment.resolved.',
});

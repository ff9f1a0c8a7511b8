import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { CommentReplySchema, CreateCommentReplyRequestSchema } from '../../http/books/comments';
import { oneComment } from './request-fields';

export const createCommentReplyRequest = defineRequest({
  name: 'book.comment-reply.create',
  version: 1,
  request: z.object({ ...oneComment, ...CreateCommentReplyRequestSchema.shape }),
  response: CommentReplySchema,
  description:
    'POST /book/{id}/comments/{commentId}/replies: a reply in a thread (a reply to a reply joins its thread); comment.created with isReply.',
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { CommentThreadSchema, CreateCommentRequestSchema } from '../../http/books/comments';
import { owned } from './request-fields';

export const createCommentRequest = defineRequest({
  name: 'book.comment.create',
  version: 1,
  request: z.object({ ...owned, ...CreateCommentRequestSchema.shape }),
  response: CommentThreadSchema,
  description:
    'POST /book/{id}/comments: the owner, a co-author, an editor or a commenter opens a thread on a quote of a chapter (400 when the quote is not in it); comment.created.',
});

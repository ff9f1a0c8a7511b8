import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { CommentThreadSchema } from '../../http/books/comments';
import { owned } from './request-fields';

export const listCommentsRequest = defineRequest({
  name: 'book.comments.list',
  version: 1,
  request: z.object(owned),
  response: z.object({ comments: z.array(CommentThreadSchema) }),
  description:
    'GET /book/{id}/comments: every thread of the book, oldest first, with its replies, for anyone on the book; each says whether its quote is still in its chapter (onDeletedText).',
});

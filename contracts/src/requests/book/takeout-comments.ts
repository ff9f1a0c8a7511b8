import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { CommentThreadSchema } from '../../http/books/comments';
import { owned } from './request-fields';

export const takeoutCommentsRequest = defineRequest({
  name: 'book.takeout.comments',
  version: 1,
  request: z.object(owned),
  response: z.object({ comments: z.array(CommentThreadSchema) }),
  description:
    "The takeout's comments.json of one book it holds (trashed or not): the same threads GET /book/{id}/comments answers; 404 otherwise.",
});

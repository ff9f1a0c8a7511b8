import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import {
  CommentReplySchema,
  CommentThreadSchema,
  CreateCommentReplyRequestSchema,
  CreateCommentRequestSchema,
  UpdateCommentRequestSchema,
} from '../../http/books/comments';

const owned = { userId: z.string(), bookId: z.string() };
const oneComment = { ...owned, commentId: z.string() };

/** Comments on a book (the book service's comments/ folder): threads, replies, resolving, the takeout's copy. */
export const bookCommentRequests = {
  listComments: defineRequest({
    name: 'book.comments.list',
    version: 1,
    request: z.object(owned),
    response: z.object({ comments: z.array(CommentThreadSchema) }),
    description:
      'GET /book/{id}/comments: every thread of the book, oldest first, with its replies, for anyone on the book; each says whether its quote is still in its chapter (onDeletedText).',
  }),
  createComment: defineRequest({
    name: 'book.comment.create',
    version: 1,
    request: z.object({ ...owned, ...CreateCommentRequestSchema.shape }),
    response: CommentThreadSchema,
    description:
      'POST /book/{id}/comments: the owner, a co-author, an editor or a commenter opens a thread on a quote of a chapter (400 when the quote is not in it); comment.created.',
  }),
  createReply: defineRequest({
    name: 'book.comment-reply.create',
    version: 1,
    request: z.object({ ...oneComment, ...CreateCommentReplyRequestSchema.shape }),
    response: CommentReplySchema,
    description:
      'POST /book/{id}/comments/{commentId}/replies: a reply in a thread (a reply to a reply joins its thread); comment.created with isReply.',
  }),
  updateComment: defineRequest({
    name: 'book.comment.update',
    version: 1,
    request: z.object({ ...oneComment, change: UpdateCommentRequestSchema }),
    response: CommentThreadSchema,
    description:
      'PATCH /book/{id}/comments/{commentId}, a thread or a reply: its body by its author, resolved by the owner and co-authors (a thread only); answers the whole thread. Resolving publishes comment.resolved.',
  }),
  deleteComment: defineRequest({
    name: 'book.comment.delete',
    version: 1,
    request: z.object(oneComment),
    response: z.object({}),
    description:
      'DELETE /book/{id}/comments/{commentId}: its author deletes a thread (its replies go with it) or a reply.',
  }),
  takeoutComments: defineRequest({
    name: 'book.takeout.comments',
    version: 1,
    request: z.object(owned),
    response: z.object({ comments: z.array(CommentThreadSchema) }),
    description:
      "The takeout's comments.json of one book it holds (trashed or not): the same threads GET /book/{id}/comments answers; 404 otherwise.",
  }),
} as const;

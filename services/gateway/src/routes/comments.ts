import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BookParamsSchema,
  CommentParamsSchema,
  CommentReplySchema,
  CommentThreadSchema,
  CommentThreadsSchema,
  CreateCommentReplyRequestSchema,
  CreateCommentRequestSchema,
  MessageSchema,
  UpdateCommentRequestSchema,
  commentMessages,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { routePresets } from '../security/route-presets';
import type { RouteDeps, RouteReply, RouteRequest } from './route-deps';

const listCommentsSchema = {
  operationId: 'listComments',
  tags: ['comments'],
  summary: "A book's comment threads, oldest first, each with its replies (anyone on the book)",
  description:
    'onDeletedText is true when the quoted text is no longer in its chapter of the stored book: the thread is kept, shown "on deleted text".',
  params: BookParamsSchema,
  response: { 200: CommentThreadsSchema },
};

const createCommentSchema = {
  operationId: 'createComment',
  tags: ['comments'],
  summary: 'Comment on a passage of a chapter: opens a thread (owner, co-authors, editors, commenters)',
  description:
    'The anchor is a W3C TextQuoteSelector (quote, prefix, suffix) with the chapter (from 1, cut at level-1 headings); the quote must be in that chapter now (400 otherwise; whitespace is not compared). @Full Name or @emailname in the body mentions a member of the book, who is mailed. Viewers are refused (403).',
  params: BookParamsSchema,
  body: CreateCommentRequestSchema,
  response: { 201: CommentThreadSchema },
};

const createCommentReplySchema = {
  operationId: 'createCommentReply',
  tags: ['comments'],
  summary: 'Reply in a thread (a reply to a reply joins the same thread)',
  description:
    'Everyone else who wrote in the thread, and the members the reply mentions, are mailed (at most one mail per person and book every 10 minutes; Settings can turn it off).',
  params: CommentParamsSchema,
  body: CreateCommentReplyRequestSchema,
  response: { 201: CommentReplySchema },
};

const updateCommentSchema = {
  operationId: 'updateComment',
  tags: ['comments'],
  summary: 'Edit a comment or a reply (its author), or resolve and reopen a thread (the owner and co-authors)',
  description:
    "`commentId` is a thread's id or a reply's: a reply is edited (and deleted) by the same routes. `body` is changed by its author only (403 for anyone else); `resolved` applies to a thread only (400 for a reply) and is for the owner and co-authors (403 \"Editors can't resolve comments\"). Answers the whole thread.",
  params: CommentParamsSchema,
  body: UpdateCommentRequestSchema,
  response: { 200: CommentThreadSchema },
};

const deleteCommentSchema = {
  operationId: 'deleteComment',
  tags: ['comments'],
  summary: 'Delete a comment (its author): a thread goes with its replies; a reply goes alone',
  params: CommentParamsSchema,
  response: { 200: MessageSchema },
};

/**
 * Comments on a book (issue 44): threads anchored to a quote of a chapter, replies, resolving. The book
 * service's comments and access modules decide every one of these; the gateway only carries them.
 */
export function commentRoutes(deps: RouteDeps) {
  const { ask } = deps;
  const { signedIn, textBody } = routePresets(deps);

  async function listComments(request: RouteRequest<typeof listCommentsSchema>) {
    const { comments } = await ask(request, requests.book.listComments, {
      userId: request.userId,
      bookId: request.params.bookId,
    });
    return comments;
  }

  async function createComment(
    request: RouteRequest<typeof createCommentSchema>,
    reply: RouteReply<typeof createCommentSchema>,
  ) {
    const thread = await ask(request, requests.book.createComment, {
      userId: request.userId,
      bookId: request.params.bookId,
      ...request.body,
    });
    return reply.code(201).send(thread);
  }

  async function createCommentReply(
    request: RouteRequest<typeof createCommentReplySchema>,
    reply: RouteReply<typeof createCommentReplySchema>,
  ) {
    const { bookId, commentId } = request.params;
    const created = await ask(request, requests.book.createReply, {
      userId: request.userId,
      bookId,
      commentId,
      body: request.body.body,
    });
    return reply.code(201).send(created);
  }

  async function updateComment(request: RouteRequest<typeof updateCommentSchema>) {
    const { bookId, commentId } = request.params;
    return ask(request, requests.book.updateComment, {
      userId: request.userId,
      bookId,
      commentId,
      change: request.body,
    });
  }

  async function deleteComment(request: RouteRequest<typeof deleteCommentSchema>) {
    const { bookId, commentId } = request.params;
    await ask(request, requests.book.deleteComment, { userId: request.userId, bookId, commentId });
    return { msg: commentMessages.deleted };
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/book/:bookId/comments', { schema: listCommentsSchema, ...signedIn }, listComments);
    app.post('/book/:bookId/comments', { schema: createCommentSchema, ...signedIn, ...textBody }, createComment);
    app.post(
      '/book/:bookId/comments/:commentId/replies',
      { schema: createCommentReplySchema, ...signedIn, ...textBody },
      createCommentReply,
    );
    app.patch(
      '/book/:bookId/comments/:commentId',
      { schema: updateCommentSchema, ...signedIn, ...textBody },
      updateComment,
    );
    app.delete('/book/:bookId/comments/:commentId', { schema: deleteCommentSchema, ...signedIn }, deleteComment);
  };
}

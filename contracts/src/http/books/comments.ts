import { z } from 'zod';
import { isoDateTimeSchema } from '../../entities/formats';
import { tooLongMessage } from '../text-fields';

/*
 * Comments on a book (issue 44): threads anchored to a passage of a chapter, with replies. They are rows of
 * the book service, never part of the manuscript, so no export, translation or takeout manuscript can
 * carry them.
 */

export const commentLimits = {
  body: 10_000,
  quote: 1_000,
  /** The W3C TextQuoteSelector's context on either side of the quote. */
  context: 64,
  markId: 100,
} as const;

/** The texts of comments, for the book service, the gateway and the web. */
export const commentMessages = {
  emptyBody: 'Write something in the comment',
  longBody: tooLongMessage('A comment', commentLimits.body),
  emptyQuote: 'Choose the text the comment is about',
  longQuote: tooLongMessage('The quoted text', commentLimits.quote),
  longContext: tooLongMessage('The text around the quote', commentLimits.context),
  chapter: 'The chapter is a number from 1',
  nothingToChange: 'Send a new body, or resolved: true or false',
  notFound: 'This comment does not exist or was deleted',
  onlyAuthorEdits: 'Only its author can change a comment',
  onlyAuthorDeletes: 'Only its author can delete a comment',
  replyNotResolvable: 'A reply cannot be resolved: resolve its thread',
  deleted: 'Comment deleted',
  /** The author of a comment whose account is gone. */
  formerMember: 'Former member',
} as const;

/** 400 when the chapter the anchor names is not in the book (the book has fewer, or no text yet). */
export const noSuchChapterMessage = (chapter: number): string => `This book has no chapter ${chapter}`;

/** 400 when the quote is not in the chapter the anchor names. */
export const quoteNotFoundMessage = (chapter: number): string =>
  `The quoted text is not in chapter ${chapter}. Reload the book and select the text again`;

/** A comment's text: plain text, trimmed, 1 to 10,000 characters. */
export const CommentBodySchema = z
  .string({ error: commentMessages.emptyBody })
  .trim()
  .min(1, commentMessages.emptyBody)
  .max(commentLimits.body, commentMessages.longBody)
  .describe('Plain text (no markup), trimmed, 1 to 10,000 characters; @Full Name or @emailname mentions a member');

const context = z.string().max(commentLimits.context, commentMessages.longContext);

/**
 * Where a thread sits: a W3C Web Annotation TextQuoteSelector (`quote` is its `exact`) plus the chapter it
 * is in. `prefix` and `suffix` tell apart repeated quotes; whitespace is not compared (a selection and
 * the stored text may join paragraphs differently).
 */
export const CommentAnchorSchema = z.object({
  chapter: z
    .number({ error: commentMessages.chapter })
    .int(commentMessages.chapter)
    .min(1, commentMessages.chapter)
    .max(100_000, commentMessages.chapter)
    .describe('The chapter, from 1, as the manuscript is cut at its level-1 headings'),
  quote: z
    .string({ error: commentMessages.emptyQuote })
    .min(1, commentMessages.emptyQuote)
    .max(commentLimits.quote, commentMessages.longQuote)
    .refine((quote) => /\S/.test(quote), commentMessages.emptyQuote)
    .describe('The exact text commented on; it must be in the chapter when the comment is made'),
  prefix: context.optional().describe('Up to 64 characters just before the quote'),
  suffix: context.optional().describe('Up to 64 characters just after the quote'),
  markId: z
    .string()
    .min(1)
    .max(commentLimits.markId)
    .optional()
    .describe('The id of the comment mark the live editor puts on the text, when it made one'),
});
export type CommentAnchor = z.infer<typeof CommentAnchorSchema>;

/** Who wrote a comment: a member's id and name (kept after they leave the book). */
export const CommentAuthorSchema = z.object({ id: z.string(), name: z.string() });
export type CommentAuthor = z.infer<typeof CommentAuthorSchema>;

export const CommentReplySchema = z.object({
  id: z.string(),
  author: CommentAuthorSchema,
  body: z.string(),
  createdAt: isoDateTimeSchema,
  editedAt: isoDateTimeSchema.optional().describe('When its author last changed it; absent if never'),
});
export type CommentReply = z.infer<typeof CommentReplySchema>;

/** A thread: the comment that opened it, anchored to a passage, and its replies, oldest first. */
export const CommentThreadSchema = z.object({
  id: z.string(),
  author: CommentAuthorSchema,
  body: z.string(),
  anchor: CommentAnchorSchema,
  createdAt: isoDateTimeSchema,
  editedAt: isoDateTimeSchema.optional().describe('When its author last changed it; absent if never'),
  resolved: z.boolean(),
  resolvedBy: CommentAuthorSchema.optional().describe('Who resolved it, while it is resolved'),
  resolvedAt: isoDateTimeSchema.optional(),
  onDeletedText: z
    .boolean()
    .describe('The quoted text is no longer in its chapter: the comment is kept, "on deleted text"'),
  replies: z.array(CommentReplySchema),
});
export type CommentThread = z.infer<typeof CommentThreadSchema>;

export const CommentThreadsSchema = z.array(CommentThreadSchema);

export const CreateCommentRequestSchema = z.object({ anchor: CommentAnchorSchema, body: CommentBodySchema });
export type CreateCommentRequest = z.infer<typeof CreateCommentRequestSchema>;

export const CreateCommentReplyRequestSchema = z.object({ body: CommentBodySchema });
export type CreateCommentReplyRequest = z.infer<typeof CreateCommentReplyRequestSchema>;

/**
 * PATCH a comment or a reply: `body` by its author only; `resolved` (a thread only) by the owner and
 * co-authors. At least one of them.
 */
export const UpdateCommentRequestSchema = z
  .object({
    body: CommentBodySchema.optional(),
    resolved: z.boolean().optional().describe('true resolves the thread, false reopens it'),
  })
  .refine((change) => change.body !== undefined || change.resolved !== undefined, commentMessages.nothingToChange);
export type UpdateCommentRequest = z.infer<typeof UpdateCommentRequestSchema>;

export const CommentParamsSchema = z.object({
  bookId: z.string().min(1).max(100),
  commentId: z.string().min(1).max(100),
});

/** Where a comment mail leads: the book in the editor, opened at the thread. */
export const commentLinkPath = (bookId: string, threadId: string): string =>
  `/app/edit/${encodeURIComponent(bookId)}?comment=${encodeURIComponent(threadId)}`;

/** How often one person is mailed about the comments of one book, at most. */
export const commentMailIntervalMs = 10 * 60 * 1000;

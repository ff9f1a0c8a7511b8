import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { isoDateTimeSchema } from '../../entities/formats';

export const commentCreatedV1 = defineEvent({
  name: 'comment.created',
  version: 1,
  schema: z.object({
    bookId: z.string(),
    commentId: z.string().describe('The new comment: a thread, or a reply in one'),
    threadId: z.string().describe("The thread it is in: the comment's own id when it opens the thread"),
    authorId: z.string(),
    mentions: z.array(z.string()).describe('The members @-mentioned in its text (user ids)'),
    isReply: z.boolean(),
    at: isoDateTimeSchema,
  }),
  description:
    "Someone commented on a book, or replied in a thread. The book service mails the members it mentions and, for a reply, the thread's other writers (at most one mail per person and book every 10 minutes, never to the author, and only to people who asked for comment mail in Settings).",
});

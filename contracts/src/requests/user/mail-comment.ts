import { z } from 'zod';
import { defineRequest } from '../../bus/define';

export const mailCommentRequest = defineRequest({
  name: 'user.comment.mail',
  version: 1,
  request: z.object({
    bookId: z.string(),
    title: z.string().describe("The book's title"),
    authorName: z.string().describe('Who wrote the comment'),
    body: z.string().describe("The comment's text (cut short in the mail)"),
    quote: z.string().describe('The passage its thread is about'),
    /** The book in the editor, at the thread: the mail joins it to the public address. */
    path: z.string(),
    recipients: z
      .array(z.object({ userId: z.string(), reason: z.enum(['mention', 'reply']) }))
      .max(500)
      .describe('Each once, never the author; mentioned wins over reply'),
  }),
  response: z.object({ mailed: z.array(z.string()).describe('The user ids a mail went to') }),
  description:
    "Internal: mails the people a comment mentions or whose thread it replies to, each unless they turned comment mail off in Settings or were mailed about this book in the last 10 minutes (comment_mails). A mail that fails is not counted and the request fails, so the event's redelivery tries it again.",
});

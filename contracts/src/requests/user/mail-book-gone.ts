import { z } from 'zod';
import { defineRequest } from '../../bus/define';

export const mailBookGoneRequest = defineRequest({
  name: 'user.book-gone.mail',
  version: 1,
  request: z.object({ userIds: z.array(z.string()).min(1).max(500), title: z.string() }),
  response: z.object({}),
  description: "Internal: tells the people a book was shared with, by mail, that it is gone with its owner's account.",
});

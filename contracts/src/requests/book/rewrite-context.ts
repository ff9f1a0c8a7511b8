import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { RewritePlanContextSchema } from '../../http/books/rewrite';
import { owned } from './request-fields';

export const rewriteContextRequest = defineRequest({
  name: 'book.rewrite.context',
  version: 1,
  request: z.object({ ...owned, chapterTitle: z.string().max(300).optional() }),
  response: RewritePlanContextSchema,
  description: 'What a passage rewrite needs to know of the plan: the characters and the chapter’s outline.',
});

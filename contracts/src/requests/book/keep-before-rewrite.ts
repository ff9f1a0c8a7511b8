import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { owned } from './request-fields';

export const keepBeforeRewriteRequest = defineRequest({
  name: 'book.revisions.keep-before-rewrite',
  version: 1,
  request: z.object(owned),
  response: z.object({ kept: z.boolean() }),
  description:
    'Keeps the manuscript as a revision before an AI rewrite is applied to it (nothing when it is already the newest revision).',
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { LlmNameSchema } from '../../http/health/health';
import { rewritePassageStream } from './rewrite-passage';

export * from './rewrite-passage';

export const writerRequests = {
  // The writer's health also says who writes (GET /health `llm`): the gateway holds no model configuration.
  health: defineRequest({
    name: 'writer.health',
    version: 1,
    request: z.object({}),
    response: z.object({ status: z.literal('ok'), llm: LlmNameSchema }),
    description:
      'Answers when the writer service is up and its database reachable, and who writes: a model or the offline demo writer.',
  }),
} as const;

/** The writer's streams: answers that arrive as they are written. */
export const writerStreams = {
  rewritePassage: rewritePassageStream,
} as const;

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { FailedStepSchema } from '../../entities/book/book';

export const recordFailureRequest = defineRequest({
  name: 'book.failure.record',
  version: 1,
  request: z.object({ bookId: z.string(), step: FailedStepSchema, reason: z.string().max(1_000) }),
  response: z.object({ applied: z.boolean() }),
  description:
    'Internal: marks the step as failed with a reason the author can read; the allowance of the attempt is given back.',
});

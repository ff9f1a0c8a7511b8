import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { GenerateCoverRequestSchema } from '../../http/cover/cover';
import { StoredCoverSchema } from './stored-cover';
import { owned } from './request-fields';

export const generateCoverRequest = defineRequest({
  name: 'cover.generate',
  version: 1,
  request: z.object({ ...owned, options: GenerateCoverRequestSchema, requestId: z.string() }),
  response: StoredCoverSchema,
  description:
    'Generates a cover (one from the monthly allowance; 403 when none is left; 429 when rate-limited) and stores it.',
});

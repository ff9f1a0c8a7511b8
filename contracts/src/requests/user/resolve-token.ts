import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { ResolvedApiTokenSchema } from '../../http/tokens/api-tokens';

export const resolveTokenRequest = defineRequest({
  name: 'user.token.resolve',
  version: 1,
  request: z.object({ token: z.string(), ip: z.string() }),
  response: ResolvedApiTokenSchema,
  description:
    'Maps a token in use to its user and scopes and notes the use (time, address). 401 when unknown, ' +
    "revoked or expired; 402 when its owner's plan no longer includes API access.",
});

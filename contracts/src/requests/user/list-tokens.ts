import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { ApiTokenListSchema } from '../../http/tokens/api-tokens';

export const listTokensRequest = defineRequest({
  name: 'user.tokens.list',
  version: 1,
  request: z.object({ userId: z.string() }),
  response: ApiTokenListSchema,
  description: "The user's tokens that are not revoked, newest first, without their secrets.",
});

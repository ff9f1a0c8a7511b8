import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { CreateApiTokenRequestSchema, CreatedApiTokenSchema } from '../../http/tokens/api-tokens';

export const createTokenRequest = defineRequest({
  name: 'user.token.create',
  version: 1,
  request: z.object({ userId: z.string(), ...CreateApiTokenRequestSchema.shape }),
  response: CreatedApiTokenSchema,
  description:
    'Makes a token for this user (Enterprise only: 402 otherwise) and mails its owner; the secret is in ' +
    'this reply only.',
});

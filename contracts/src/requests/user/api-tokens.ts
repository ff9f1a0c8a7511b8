import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import {
  ApiTokenListSchema,
  CreateApiTokenRequestSchema,
  CreatedApiTokenSchema,
  ResolvedApiTokenSchema,
} from '../../http/tokens/api-tokens';

/** Personal API tokens (issue 45): kept by the user service, only as a keyed hash (decision 0045). */
export const apiTokenRequests = {
  createToken: defineRequest({
    name: 'user.token.create',
    version: 1,
    request: z.object({ userId: z.string(), ...CreateApiTokenRequestSchema.shape }),
    response: CreatedApiTokenSchema,
    description:
      'Makes a token for this user (Enterprise only: 402 otherwise) and mails its owner; the secret is in ' +
      'this reply only.',
  }),
  listTokens: defineRequest({
    name: 'user.tokens.list',
    version: 1,
    request: z.object({ userId: z.string() }),
    response: ApiTokenListSchema,
    description: "The user's tokens that are not revoked, newest first, without their secrets.",
  }),
  revokeToken: defineRequest({
    name: 'user.token.revoke',
    version: 1,
    request: z.object({ userId: z.string(), tokenId: z.string() }),
    response: z.object({}),
    description: "Revokes one of the user's tokens; 404 when it is not theirs or already revoked. The row stays.",
  }),
  resolveToken: defineRequest({
    name: 'user.token.resolve',
    version: 1,
    request: z.object({ token: z.string(), ip: z.string() }),
    response: ResolvedApiTokenSchema,
    description:
      'Maps a token in use to its user and scopes and notes the use (time, address). 401 when unknown, ' +
      "revoked or expired; 402 when its owner's plan no longer includes API access.",
  }),
};

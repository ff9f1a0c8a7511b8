import { z } from 'zod';
import { defineRequest } from '../../bus/define';

export const revokeTokenRequest = defineRequest({
  name: 'user.token.revoke',
  version: 1,
  request: z.object({ userId: z.string(), tokenId: z.string() }),
  response: z.object({}),
  description: "Revokes one of the user's tokens; 404 when it is not theirs or already revoked. The row stays.",
});

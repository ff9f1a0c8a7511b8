import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { ApiTokenScopeSchema } from '../../http/tokens/api-tokens';

export const userApiTokenActivityV1 = defineEvent({
  name: 'user.api-token-activity',
  version: 1,
  schema: z.object({
    tokenId: z.string(),
    userId: z.string(),
    tokenName: z.string(),
    scopes: z.array(ApiTokenScopeSchema),
    action: z.enum(['created', 'used-from-new-address', 'revoked']),
    /** The workspace a workspace token belongs to (its audit log records it); absent for a personal token. */
    workspaceId: z.string().optional(),
    /** Who did it when not the token's maker: an admin revoking a workspace token. */
    actorId: z.string().optional(),
    /** The address of a use from a new address; absent for the other actions. */
    ip: z.string().optional(),
    at: z.string(),
  }),
  description:
    "An API token (personal or a workspace's) was created, used from an address it had not been used from before, or revoked " +
    '(issue 45): what an audit log records. Never carries the secret or its hash.',
});

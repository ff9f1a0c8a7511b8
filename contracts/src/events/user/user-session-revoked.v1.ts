import { z } from 'zod';
import { defineEvent } from '../../bus/define';

export const userSessionRevokedV1 = defineEvent({
  name: 'user.session-revoked',
  version: 1,
  schema: z.object({
    userId: z.string(),
    sessionId: z.string(),
    revokedAt: z.string(),
    reason: z.enum(['logout', 'replaced']),
  }),
  description:
    'One session ended before its expiry: the user signed out, or signed in again in the same browser ' +
    '(`replaced`). Gateways drop it from their session caches. Password changes and resets revoke sessions ' +
    'too and are announced by user.password-changed; account deletion by user.deleted.',
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { IdentityClaimsSchema } from '../../http/auth/identity-provider';
import { SessionReplySchema } from './session-reply';

export const identitySignInRequest = defineRequest({
  name: 'user.identity.sign-in',
  version: 1,
  request: z.object({
    claims: IdentityClaimsSchema,
    /** The browser's current session, revoked when the new one opens (as a password login does). */
    replacesToken: z.string().optional(),
  }),
  response: z.discriminatedUnion('outcome', [
    SessionReplySchema.extend({ outcome: z.literal('signed-in'), created: z.boolean() }),
    z.object({ outcome: z.literal('refused'), reason: z.enum(['oidc_unverified_email']) }),
  ]),
  description:
    'Signs in with an identity provider: the linked account, else the account with the same verified email ' +
    '(linked now), else a new account. Refused when the email is unverified.',
});

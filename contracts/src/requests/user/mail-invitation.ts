import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { emailAddressSchema } from '../../entities/formats';

export const mailInvitationRequest = defineRequest({
  name: 'user.invitation.mail',
  version: 1,
  request: z.object({
    to: emailAddressSchema,
    inviterName: z.string(),
    title: z.string(),
    roleLabel: z.string(),
    kind: z.enum(['book', 'workspace']).default('book').describe('What the invitation leads to'),
    /** The invitation page's path, /invite/{token}: the mail joins it to the public address. */
    path: z.string(),
  }),
  response: z.object({}),
  description: 'Internal: mails an invitation to a book or a team workspace through the mail outbox (or SMTP).',
});

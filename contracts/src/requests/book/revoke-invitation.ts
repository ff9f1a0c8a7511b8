import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { owned } from './request-fields';

export const revokeInvitationRequest = defineRequest({
  name: 'book.invitation.revoke',
  version: 1,
  request: z.object({ ...owned, invitationId: z.string() }),
  response: z.object({}),
  description:
    'DELETE /book/{id}/invitations/{invitationId}: the owner revokes a pending invitation; its links stop working.',
});

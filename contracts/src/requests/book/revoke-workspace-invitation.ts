import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { workspaceAsker } from './request-fields';

export const revokeWorkspaceInvitationRequest = defineRequest({
  name: 'book.workspace-invitation.revoke',
  version: 1,
  request: z.object({ ...workspaceAsker, invitationId: z.string() }),
  response: z.object({}),
  description:
    'DELETE /workspaces/{id}/invitations/{invitationId}: an admin revokes a pending invitation; its seat is free again.',
});

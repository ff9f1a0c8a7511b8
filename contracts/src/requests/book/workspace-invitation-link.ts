import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { InvitationLinkSchema } from '../../http/books/members';
import { workspaceAsker } from './request-fields';

export const workspaceInvitationLinkRequest = defineRequest({
  name: 'book.workspace-invitation-link.create',
  version: 1,
  request: z.object({ ...workspaceAsker, invitationId: z.string() }),
  response: InvitationLinkSchema,
  description:
    'POST /workspaces/{id}/invitations/{invitationId}/link: a new link to a pending invitation, for an admin to copy.',
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { CreatedWorkspaceInvitationSchema, InviteWorkspaceMemberRequestSchema } from '../../http/workspaces/workspaces';
import { workspaceAsker } from './request-fields';

export const inviteWorkspaceMemberRequest = defineRequest({
  name: 'book.workspace-member.invite',
  version: 1,
  request: z.object({ ...workspaceAsker, ...InviteWorkspaceMemberRequestSchema.shape }),
  response: CreatedWorkspaceInvitationSchema,
  description:
    'POST /workspaces/{id}/members: an admin invites an email as admin or member; the invitation takes a seat until it is accepted, revoked or expired (402 naming the limit when none is free).',
});

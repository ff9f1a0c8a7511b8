import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { WorkspaceMemberSchema } from '../../http/workspaces/workspaces';
import { InvitableWorkspaceRoleSchema } from '../../entities/workspace/roles';
import { workspaceAsker } from './request-fields';

export const changeWorkspaceMemberRoleRequest = defineRequest({
  name: 'book.workspace-member-role.change',
  version: 1,
  request: z.object({ ...workspaceAsker, memberId: z.string(), role: InvitableWorkspaceRoleSchema }),
  response: WorkspaceMemberSchema,
  description: "PATCH /workspaces/{id}/members/{memberId}: an admin changes someone's role (never the owner's).",
});

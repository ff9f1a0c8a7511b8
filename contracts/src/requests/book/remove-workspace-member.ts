import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { workspaceAsker } from './request-fields';

export const removeWorkspaceMemberRequest = defineRequest({
  name: 'book.workspace-member.remove',
  version: 1,
  request: z.object({ ...workspaceAsker, memberId: z.string() }),
  response: z.object({}),
  description:
    'DELETE /workspaces/{id}/members/{memberId}: an admin removes someone, or a member leaves; never the owner. workspace.member.removed; their next request about its books is refused.',
});

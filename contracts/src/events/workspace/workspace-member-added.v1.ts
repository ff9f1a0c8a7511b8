import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { WorkspaceRoleSchema } from '../../entities/workspace/roles';
import { member } from './event-fields';

export const workspaceMemberAddedV1 = defineEvent({
  name: 'workspace.member.added',
  version: 1,
  schema: z.object({
    ...member,
    role: WorkspaceRoleSchema,
    invitedBy: z.string(),
    seatsUsed: z.number().int().describe('Members after this one joined'),
  }),
  description:
    "Someone joined a team workspace (accepted an invitation, or created it): they see the workspace's books from now on.",
});

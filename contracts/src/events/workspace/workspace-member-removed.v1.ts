import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { WorkspaceRoleSchema } from '../../entities/workspace/roles';
import { member } from './event-fields';

export const workspaceMemberRemovedV1 = defineEvent({
  name: 'workspace.member.removed',
  version: 1,
  schema: z.object({
    ...member,
    role: WorkspaceRoleSchema.describe('The role they had'),
    removedBy: z.string().describe('Who removed them: an admin, or the member themself when they left'),
    seatsUsed: z.number().int().describe('Members after this one left'),
  }),
  description:
    'Someone is no longer in a team workspace (removed, left, or their account was deleted). Their next request about its books is refused already; the gateways close their live streams on hearing this.',
});

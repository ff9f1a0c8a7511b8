import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { SharedRoleSchema } from '../../entities/book/access';
import { member } from './event-fields';

export const bookMemberRemovedV1 = defineEvent({
  name: 'book.member.removed',
  version: 1,
  schema: z.object({
    ...member,
    role: SharedRoleSchema.describe('The role they had'),
    removedBy: z.string().describe('Who removed them: the owner, or the member themself when they left'),
  }),
  description:
    'Someone is no longer on a book (removed by its owner, left it, or their account was deleted). Their next request about it is refused already; the gateways close their live streams on hearing this.',
});

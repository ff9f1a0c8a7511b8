import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { SharedRoleSchema } from '../../entities/book/access';

const member = {
  bookId: z.string(),
  /** The book's owner. */
  ownerId: z.string(),
  /** The person who joined, left, or whose role changed (a user id). */
  memberId: z.string(),
};

export const bookMemberAddedV1 = defineEvent({
  name: 'book.member.added',
  version: 1,
  schema: z.object({ ...member, role: SharedRoleSchema, invitedBy: z.string() }),
  description: 'Someone accepted an invitation to a book and has the role on it from now on.',
});

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

export const bookMemberRoleChangedV1 = defineEvent({
  name: 'book.member.role-changed',
  version: 1,
  schema: z.object({ ...member, role: SharedRoleSchema, previousRole: SharedRoleSchema, changedBy: z.string() }),
  description: "The owner changed someone's role on a book.",
});

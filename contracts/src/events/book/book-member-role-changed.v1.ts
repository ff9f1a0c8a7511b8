import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { SharedRoleSchema } from '../../entities/book/access';
import { member } from './event-fields';

export const bookMemberRoleChangedV1 = defineEvent({
  name: 'book.member.role-changed',
  version: 1,
  schema: z.object({ ...member, role: SharedRoleSchema, previousRole: SharedRoleSchema, changedBy: z.string() }),
  description: "The owner changed someone's role on a book.",
});

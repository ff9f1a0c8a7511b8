import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { SharedRoleSchema } from '../../entities/book/access';
import { member } from './event-fields';

export const bookMemberAddedV1 = defineEvent({
  name: 'book.member.added',
  version: 1,
  schema: z.object({ ...member, role: SharedRoleSchema, invitedBy: z.string() }),
  description: 'Someone accepted an invitation to a book and has the role on it from now on.',
});

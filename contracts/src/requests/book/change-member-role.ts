import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { SharedRoleSchema } from '../../entities/book/access';
import { BookMemberSchema } from '../../http/books/members';
import { owned } from './request-fields';

export const changeMemberRoleRequest = defineRequest({
  name: 'book.member-role.change',
  version: 1,
  request: z.object({ ...owned, memberId: z.string(), role: SharedRoleSchema }),
  response: BookMemberSchema,
  description: "PATCH /book/{id}/members/{memberId}: the owner changes someone's role; book.member.role-changed.",
});

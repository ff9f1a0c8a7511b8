import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { owned } from './request-fields';

export const removeMemberRequest = defineRequest({
  name: 'book.member.remove',
  version: 1,
  request: z.object({ ...owned, memberId: z.string() }),
  response: z.object({}),
  description:
    'DELETE /book/{id}/members/{memberId}: the owner removes someone, or a member removes themself (leaves); book.member.removed. Their next request about the book is refused.',
});

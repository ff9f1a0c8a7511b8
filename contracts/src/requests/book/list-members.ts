import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookMembersSchema } from '../../http/books/members';
import { owned } from './request-fields';

export const listMembersRequest = defineRequest({
  name: 'book.members.list',
  version: 1,
  request: z.object(owned),
  response: BookMembersSchema,
  description:
    'GET /book/{id}/members: the owner and everyone the book is shared with, for anyone who may read it; the pending invitations for the owner only (empty for the others).',
});

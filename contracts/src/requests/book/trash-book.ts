import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { owned, deletedAtReply } from './request-fields';

export const trashBookRequest = defineRequest({
  name: 'book.trash',
  version: 1,
  request: z.object(owned),
  response: deletedAtReply,
  description:
    'DELETE /book/{id}: moves one of the user’s books to the trash (any status; work in progress stops, the allowance is not given back) and publishes book.trashed. 404 for an unknown id and for anyone else’s book; 409 when it is in the trash already.',
});

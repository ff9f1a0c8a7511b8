import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { owned, deletedAtReply } from './request-fields';

export const deleteForeverRequest = defineRequest({
  name: 'book.delete-forever',
  version: 1,
  request: z.object(owned),
  response: deletedAtReply,
  description:
    'DELETE /book/{id}/permanent: deletes a book in the trash with its revisions and publishes book.deleted, on which every service removes what it holds of it. 409 unless it is in the trash.',
});

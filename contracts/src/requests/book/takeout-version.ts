import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { owned } from './request-fields';

export const takeoutVersionRequest = defineRequest({
  name: 'book.takeout.version',
  version: 1,
  request: z.object({ ...owned, revisionId: z.string() }),
  response: z.object({ bookContent: z.string() }),
  description: 'The text of one named version, trashed book or not, for the takeout; 404 otherwise.',
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { StoredCoverSchema } from './stored-cover';
import { owned } from './request-fields';

export const uploadCoverRequest = defineRequest({
  name: 'cover.upload',
  version: 1,
  request: z.object({ ...owned, uploadBlobKey: z.string(), typeset: z.boolean().default(false) }),
  response: StoredCoverSchema,
  description:
    'Decodes an uploaded file (left in the blob store by the gateway) with sharp, strips metadata, stores the print master and web sizes. 400 for anything that is not a usable image.',
});

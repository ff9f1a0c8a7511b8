import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { StoredBookImageSchema } from '../../http/book-images/book-images';
import { owned } from './request-fields';

/** An image an author inserts into a chapter from the editor (issue 46), stored under the book. */
export const storeImageRequest = defineRequest({
  name: 'book.image.store',
  version: 1,
  request: z.object({
    ...owned,
    /** The uploaded bytes, in the blob store under uploads/ (the gateway removes them afterwards). */
    uploadBlobKey: z
      .string()
      .max(300)
      .regex(/^uploads\/[A-Za-z0-9._-]+$/),
  }),
  response: StoredBookImageSchema,
  description:
    'POST /book/{id}/images: for whoever may edit the text (and a plan of the payer, as every edit), the upload is checked by the one image gate, re-encoded (PNG stays PNG, the rest becomes JPEG) and stored under book-images/{bookId}/{imageId}. 400 with the image messages for a file that is not an image, too large or of too many pixels.',
});

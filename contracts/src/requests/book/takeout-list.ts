import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { TakeoutVersionSchema } from '../../http/user/takeout';

// The takeout (GET /user/export): every book the user holds, trashed ones too, one book per answer.
export const takeoutListRequest = defineRequest({
  name: 'book.takeout.list',
  version: 1,
  request: z.object({ userId: z.string() }),
  response: z.object({
    books: z.array(
      z.object({
        bookId: z.string(),
        title: z.string(),
        /** When it went to the trash; null for a book in the library. */
        deletedAt: z.string().nullable(),
        /** False while there is no manuscript yet (planning, validation). */
        hasManuscript: z.boolean(),
        /** A book shared with the user (a role that may export it), not their own. */
        shared: z.boolean(),
        versions: z.array(TakeoutVersionSchema),
      }),
    ),
  }),
  description:
    'Every book of the user, trashed ones included, newest first, then the books shared with them that their role may export (marked shared), with their named versions (no texts): what the takeout zip will hold.',
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookSchema } from '../../entities/book/book';
import { BookActionSchema } from '../../entities/book/access';
import { owned } from './request-fields';

export const getBookRequest = defineRequest({
  name: 'book.get',
  version: 1,
  request: z.object({
    ...owned,
    action: BookActionSchema.optional().describe(
      'What the caller will do with the book (read when absent): export and cover services ask for export and manage',
    ),
  }),
  response: BookSchema,
  description:
    'A book the user has a role on (role in the answer); 404 for an unknown id and for a book they have no role on, 403 (naming what the role may not do) when their role may not do `action`.',
});

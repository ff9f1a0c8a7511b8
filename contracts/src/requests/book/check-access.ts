import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookActionSchema, BookRoleSchema } from '../../entities/book/access';
import { owned } from './request-fields';

export const checkAccessRequest = defineRequest({
  name: 'book.access.check',
  version: 1,
  request: z.object({
    ...owned,
    action: BookActionSchema,
    inTrash: z
      .boolean()
      .default(false)
      .describe(
        "Also a book in the trash, for a read by its owner: what the trash view shows of it (its cover). Anyone else, and any other action, gets the library's answer (404 for a trashed book)",
      ),
  }),
  response: z.object({
    role: BookRoleSchema,
    ownerId: z.string(),
    workspaceId: z.string().nullable().default(null).describe('The team workspace the book is in, if any'),
  }),
  description:
    "Internal: the one answer to 'may this person do this to this book' for a route that serves a book's data without another book request (a cover image). 404 without a role, 403 naming what the role may not do.",
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { TrashedBookSchema } from '../../http/books/trash';

const owned = { userId: z.string(), bookId: z.string() };
const done = z.object({ deletedAt: z.string() });

/** The trash (handlers/trash.ts, restore.ts, delete-forever.ts, list-trash.ts in the book service). */
export const bookTrashRequests = {
  trash: defineRequest({
    name: 'book.trash',
    version: 1,
    request: z.object(owned),
    response: done,
    description:
      'DELETE /book/{id}: moves one of the user’s books to the trash (any status; work in progress stops, the allowance is not given back) and publishes book.trashed. 404 for an unknown id and for anyone else’s book; 409 when it is in the trash already.',
  }),
  restore: defineRequest({
    name: 'book.restore',
    version: 1,
    request: z.object(owned),
    response: z.object({}),
    description:
      'POST /book/{id}/restore: takes a book out of the trash as it was (planning, writing or translating resume) and publishes book.restored. 409 unless it is in the trash.',
  }),
  deleteForever: defineRequest({
    name: 'book.delete-forever',
    version: 1,
    request: z.object(owned),
    response: done,
    description:
      'DELETE /book/{id}/permanent: deletes a book in the trash with its revisions and publishes book.deleted, on which every service removes what it holds of it. 409 unless it is in the trash.',
  }),
  listTrash: defineRequest({
    name: 'book.trash.list',
    version: 1,
    request: z.object({ userId: z.string() }),
    response: z.object({ books: z.array(TrashedBookSchema) }),
    description: 'The user’s books in the trash, most recently trashed first, with deletedAt and purgeAt.',
  }),
} as const;

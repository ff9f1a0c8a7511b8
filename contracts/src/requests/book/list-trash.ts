import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { TrashedBookSchema } from '../../http/books/trash';

export const listTrashRequest = defineRequest({
  name: 'book.trash.list',
  version: 1,
  request: z.object({ userId: z.string() }),
  response: z.object({ books: z.array(TrashedBookSchema) }),
  description: 'The user’s books in the trash, most recently trashed first, with deletedAt and purgeAt.',
});

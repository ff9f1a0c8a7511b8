import { z } from 'zod';
import { defineEvent } from '../../bus/define';

export const bookRestoredV1 = defineEvent({
  name: 'book.restored',
  version: 1,
  schema: z.object({ bookId: z.string(), userId: z.string() }),
  description:
    'The author took the book out of the trash, as it was. Unfinished work is asked for again through the ' +
    'usual events (book.planning-requested, book.confirmed, book.translation-requested).',
});

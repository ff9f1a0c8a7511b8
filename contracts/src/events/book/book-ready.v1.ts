import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { base } from './event-fields';

export const bookReadyV1 = defineEvent({
  name: 'book.ready',
  version: 1,
  schema: z.object({ ...base, words: z.number().int().min(0), pages: z.number().int().min(0) }),
  description: 'The manuscript is complete and stored; the book is in status ready.',
});

import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { base } from './event-fields';

export const bookPlannedV1 = defineEvent({
  name: 'book.planned',
  version: 1,
  schema: z.object(base),
  description: 'The plan (bookState) is ready; the book is in status validation and waits for the author.',
});

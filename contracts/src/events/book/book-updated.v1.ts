import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { BookStatusSchema } from '../../entities/book/book';
import { base } from './event-fields';

export const bookUpdatedV1 = defineEvent({
  name: 'book.updated',
  version: 1,
  schema: z.object({
    ...base,
    fields: z.array(z.string()),
    status: BookStatusSchema,
  }),
  description: 'The author changed the book (structure, content, metadata or cover); `fields` names what changed.',
});

import { z } from 'zod';
import { defineEvent } from '../../bus/define';

export const bookTrashedV1 = defineEvent({
  name: 'book.trashed',
  version: 1,
  schema: z.object({
    bookId: z.string(),
    userId: z.string(),
    deletedAt: z.string(),
    /**
     * The book's writing (or translating) attempt when it was trashed. A restore resumes under a newer one,
     * so a redelivery of this event after the restore stops nothing.
     */
    attempt: z.number().int().min(0),
  }),
  description:
    'The author moved the book to the trash. Work on it stops (the writer stops its job of that attempt and frees its slot; ' +
    'a late plan is ignored); nothing of it is deleted yet. It is deleted for good (book.deleted) 30 days ' +
    'after deletedAt unless restored first.',
});

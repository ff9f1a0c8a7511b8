import type { z } from 'zod';
import { isoDateTimeSchema } from '../../entities/formats';
import { BookSummarySchema } from '../../entities/book/book';

/** How long a book stays in the trash before the sweep deletes it for good. */
export const trashRetentionDays = 30;
export const trashRetentionMs = trashRetentionDays * 24 * 60 * 60 * 1000;

/** When a book trashed at `deletedAt` is deleted for good: 30 days later, to the millisecond. */
export function purgeAtOf(deletedAt: Date | string): string {
  return new Date(new Date(deletedAt).getTime() + trashRetentionMs).toISOString();
}

/** GET /book/trash items: the library's summary, plus when it was trashed and when it goes for good. */
export const TrashedBookSchema = BookSummarySchema.extend({
  deletedAt: isoDateTimeSchema.describe('When the book was moved to the trash (ISO 8601)'),
  purgeAt: isoDateTimeSchema.describe('When the book is deleted for good: 30 days after deletedAt (ISO 8601)'),
});
export type TrashedBook = z.infer<typeof TrashedBookSchema>;

/** The answers of the trash routes, for the service, the gateway and the web. */
export const trashMessages = {
  trashed: 'Book moved to trash',
  restored: 'Book restored',
  deletedForever: 'Book deleted forever',
  alreadyInTrash: 'This book is already in the trash.',
  notInTrash: 'This book is not in the trash.',
  deleteNotInTrash: 'Only a book in the trash can be deleted forever. Move it to the trash first.',
} as const;

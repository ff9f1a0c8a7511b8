import { z } from 'zod';
import { isoDateTimeSchema } from '../../entities/formats';
import { BookSchema } from '../../entities/book/book';

/*
 * GET /user/export: every piece of an author's data in one zip (GDPR art. 20), streamed. The layout:
 *   account.json                                   TakeoutAccountSchema
 *   books/<title-slug>-<id>/book.json              TakeoutBookSchema: metadata, plan, status, trash mark
 *   books/<title-slug>-<id>/manuscript.md          the manuscript as Markdown (when there is one)
 *   books/<title-slug>-<id>/manuscript.json        the editor's document, as stored
 *   books/<title-slug>-<id>/covers/<coverId>-<variant>.<ext>
 *   books/<title-slug>-<id>/versions/<time>-<name-slug>.{md,json}   the named versions
 *   shared/<title-slug>-<id>/…                     the same, for a book shared with the account whose role
 *                                                  may export it (book.json's role says which)
 */

/** `bookwright-data-2026-11-25.zip` */
export const takeoutFileName = (at: Date): string => `bookwright-data-${at.toISOString().slice(0, 10)}.zip`;

/** book.json: the book without its manuscript (that is manuscript.json), marked when it is in the trash. */
export const TakeoutBookSchema = BookSchema.omit({ bookContent: true }).extend({
  trashed: z.boolean(),
  deletedAt: isoDateTimeSchema.nullable(),
});
export type TakeoutBook = z.infer<typeof TakeoutBookSchema>;

/** A named version as the takeout lists it (its text is in the versions folder). */
export const TakeoutVersionSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: isoDateTimeSchema,
  wordCount: z.number().int().min(0),
});
export type TakeoutVersion = z.infer<typeof TakeoutVersionSchema>;

/** The takeout's own answers besides the zip. */
export const takeoutMessages = {
  /** 409: one takeout per author at a time (each reads every book, so a second one only doubles the work). */
  alreadyRunning: 'Your data is already being prepared for download. Wait for that download to finish.',
} as const;

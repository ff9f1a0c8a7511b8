import { z } from 'zod';
import { isoDateTimeSchema } from '../../entities/formats';

/** One entry of GET /book/{id}/revisions (newest first). */
export const RevisionSummarySchema = z.object({
  id: z.string(),
  createdAt: isoDateTimeSchema,
  wordCount: z.number().int().min(0),
  /** Set on the versions kept for good: "As written", and the ones the author saved (with their name). */
  name: z.string().nullable(),
});
export type RevisionSummary = z.infer<typeof RevisionSummarySchema>;

/** GET /book/{id}/revisions/{revisionId}: the snapshot itself (tiptap JSON text, like bookContent). */
export const RevisionSchema = RevisionSummarySchema.extend({ bookContent: z.string() });
export type Revision = z.infer<typeof RevisionSchema>;

/**
 * POST /book/{id}/revisions, "Save a version": without bookContent the current manuscript is kept; with
 * it, that text is kept and the manuscript is left as it is (the editor keeps the text it did not choose
 * after a conflict this way).
 */
export const SaveRevisionRequestSchema = z.object({
  name: z.string().trim().min(1, 'The name must not be empty').max(80, 'The name is at most 80 characters').optional(),
  bookContent: z.string().max(20_000_000).optional(),
});
export type SaveRevisionRequest = z.infer<typeof SaveRevisionRequestSchema>;

/**
 * How much history a book keeps (docs/architecture.md, "Revision history"; applied by the book service's
 * domain/revision-policy.ts). Saves keep the manuscript they replace at most once per `snapshotEveryMinutes`;
 * a rewrite, a restore and a translation keep it always. Automatic snapshots are all kept for
 * `keepAllHours`, then the newest of each hour until `hourlyDays`, then the newest of each UTC day, and
 * never more than `maxPerBook`. Named versions ("As written", and the ones the author saved) are never pruned.
 */
export const revisionPolicy = {
  snapshotEveryMinutes: 10,
  keepAllHours: 3,
  hourlyDays: 7,
  maxPerBook: 5_000,
  asWrittenName: 'As written',
} as const;

export const revisionMessages = {
  notFound: 'Revision not found',
  noManuscript: 'This book has no manuscript to keep yet',
} as const;

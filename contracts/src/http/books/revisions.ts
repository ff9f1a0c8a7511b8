import { z } from 'zod';

/** One entry of GET /book/{id}/revisions (newest first). */
export const RevisionSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  wordCount: z.number().int().min(0),
});
export type RevisionSummary = z.infer<typeof RevisionSummarySchema>;

/** GET /book/{id}/revisions/{revisionId}: the snapshot itself (tiptap JSON text, like bookContent). */
export const RevisionSchema = RevisionSummarySchema.extend({ bookContent: z.string() });
export type Revision = z.infer<typeof RevisionSchema>;

/**
 * How much history a book keeps (docs/architecture.md, "Revision history"): every snapshot of the last
 * `keepAllDays`, then the last one of each UTC day, and never more than `maxPerBook`.
 */
export const revisionPolicy = { keepAllDays: 7, maxPerBook: 5_000 } as const;

export const revisionMessages = { notFound: 'Revision not found' } as const;

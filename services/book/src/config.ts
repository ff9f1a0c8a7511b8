import { z } from 'zod';
import { BaseConfigSchema } from '@bookwright/kit';

export const BookConfigSchema = BaseConfigSchema.extend({
  /**
   * A book in planning or writing with no sign of work (no answer, no chapter) for this long fails with a
   * reason and can be retried: the last guard against a lost event, so that no book waits for ever.
   */
  BOOK_STALLED_AFTER_MS: z.coerce.number().int().min(1_000).default(7_200_000),
  /**
   * How often the trash is swept for books trashed 30 days ago or more (every replica sweeps; each book
   * is deleted once). A book is purged at most this long after its purgeAt.
   */
  BOOK_TRASH_SWEEP_MS: z.coerce.number().int().min(100).default(3_600_000),
});
export type BookConfig = z.output<typeof BookConfigSchema>;

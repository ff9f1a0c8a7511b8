import { z } from 'zod';
import { BaseConfigSchema } from '@bookwright/kit';

export const ExportConfigSchema = BaseConfigSchema.extend({
  /** Exports rendered at the same time by one export process; more wait their turn. */
  EXPORT_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** Render worker threads; default one less than the CPUs (at least 1, at most 4). */
  EXPORT_RENDER_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
  /** Timeout of requests to the book service. */
  EXPORT_BOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /**
   * How long export validation waits for the interior's real page count (a render slot, then a layout)
   * before it answers with the estimate: under the gateway's bus timeout (BUS_TIMEOUT_MS, 10 s), so a busy
   * export service still answers instead of the gateway giving up with a 503.
   */
  EXPORT_PAGE_COUNT_TIMEOUT_MS: z.coerce.number().int().min(1).default(6_000),
});
export type ExportConfig = z.output<typeof ExportConfigSchema>;

import { z } from 'zod';
import { LlmConfigSchema } from '@bookwright/ai';
import { BaseConfigSchema, envBoolean } from '@bookwright/kit';

export const WriterConfigSchema = BaseConfigSchema.extend(LlmConfigSchema.shape).extend({
  /** Chapters written at the same time by one writer process (all books together). */
  WRITER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * A chapter gives its slot back once its text is done, and its notes (summary and facts, one more call)
   * are taken while the next chapter starts. `false`: it keeps the slot until its notes are in, so at
   * WRITER_CONCURRENCY=1 every call waits for the one before (the strictly sequential writer).
   */
  WRITER_OVERLAP_NOTES: envBoolean.default(true),
  /** Tries per chapter when the LLM keeps failing after the provider's own retries; then the book fails. */
  WRITER_CHAPTER_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** Wait before trying a failed chapter again, doubled for each further try. */
  WRITER_RETRY_BASE_MS: z.coerce.number().int().min(0).default(5_000),
  /** A job left by a writer that died is taken over by another one after this long. */
  WRITER_LEASE_MS: z.coerce.number().int().min(1_000).default(60_000),
  /** How often unfinished jobs without a live writer are looked for. */
  WRITER_SWEEP_MS: z.coerce.number().int().min(100).default(10_000),
  /**
   * This writer's name in job leases; default the host name (the pod's name in Kubernetes). A writer
   * restarted under the same name resumes its jobs at once, even after a crash; two writers running at
   * the same time must have different names.
   */
  WRITER_INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,200}$/, 'letters, digits, . _ : - only')
    .optional(),
  /** Timeout of requests to the book service. */
  WRITER_BOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
});
export type WriterConfig = z.output<typeof WriterConfigSchema>;

import { z } from 'zod';
import { BookStatusSchema } from '../../entities/book/book';
import type { EventName } from '../../events/registry';

/**
 * GET /events (Server-Sent Events): the book events the gateway forwards to the author's browser. The
 * SSE `event:` field is the bus event's name; `data:` is one LiveBookUpdate as JSON.
 */
export const liveBookEventNames = [
  'book.created',
  'book.planned',
  'book.confirmed',
  'book.chapter-written',
  'book.translation-requested',
  'book.chapter-translated',
  'book.ready',
  'book.failed',
  'book.updated',
] as const satisfies readonly EventName[];
export type LiveBookEventName = (typeof liveBookEventNames)[number];

/** One message of the stream: what changed about which book. */
export const LiveBookUpdateSchema = z.object({
  bookId: z.string(),
  status: BookStatusSchema,
  /** "Chapter n of N" while writing or translating. */
  chaptersWritten: z.number().int().min(0).optional(),
  chaptersTotal: z.number().int().positive().optional(),
  /** Why planning or writing failed. */
  reason: z.string().optional(),
  /** What the author changed (book.updated). */
  fields: z.array(z.string()).optional(),
});
export type LiveBookUpdate = z.infer<typeof LiveBookUpdateSchema>;

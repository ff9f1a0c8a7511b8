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

/**
 * The book left the library or came back to it (issue 19): moved to the trash, restored, or deleted for
 * good. Another tab's library drops or reads it again without waiting for its refresh. A message kind of
 * its own on event names of its own, so the LiveBookUpdate messages stay as they were and a browser that
 * does not listen to these names never receives one.
 */
export const liveBookMoveEventNames = [
  'book.trashed',
  'book.restored',
  'book.deleted',
  // Shared with the reader (it joins their library), or no longer (it leaves it).
  'book.member.added',
  'book.member.removed',
  // The reader's role on it changed: read it again.
  'book.member.role-changed',
] as const satisfies readonly EventName[];
export type LiveBookMoveEventName = (typeof liveBookMoveEventNames)[number];

export const LiveBookMoveSchema = z.object({
  bookId: z.string(),
  /**
   * Where the book is now: the trash (book.trashed), the library (book.restored, or shared with the reader:
   * book.member.added), nowhere (book.deleted, or no longer shared with the reader: book.member.removed).
   */
  movedTo: z.enum(['trash', 'library', 'gone']),
});
export type LiveBookMove = z.infer<typeof LiveBookMoveSchema>;

/**
 * A book's comments changed (issue 44): an open editor of the book reads its threads again. Sent to the
 * owner and the people the book is shared with, like the book's own events; a kind of its own, so a page
 * that does not listen to these names never receives one. Only what the book service publishes travels
 * here (a new comment or reply, a resolved thread): edits, deletions and reopenings publish nothing.
 */
export const liveCommentEventNames = ['comment.created', 'comment.resolved'] as const satisfies readonly EventName[];
export type LiveCommentEventName = (typeof liveCommentEventNames)[number];

export const LiveCommentChangeSchema = z.object({
  bookId: z.string(),
  /** The thread that changed (a reply names its thread). */
  threadId: z.string(),
});
export type LiveCommentChange = z.infer<typeof LiveCommentChangeSchema>;

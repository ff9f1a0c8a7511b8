import { z } from 'zod';

export const owned = { userId: z.string(), bookId: z.string() };

/**
 * The entity tags of a conditional save (If-Match, already checked for form by the gateway): the save
 * happens only if the book is at one of them, else 412. Absent: no condition (last write wins).
 */
export const ifMatch = { ifMatch: z.array(z.string()).min(1).max(20).optional() };

/** Which comment of a book a request is about. */
export const oneComment = { ...owned, commentId: z.string() };

/** A workspace member asking about their workspace. */
export const workspaceAsker = { userId: z.string(), workspaceId: z.string() };

/** What moving a book to the trash and deleting it for good answer. */
export const deletedAtReply = z.object({ deletedAt: z.string() });

import { z } from 'zod';

export const base = { bookId: z.string(), userId: z.string() };

/** Progress of a book being written or translated: the chapter just saved, and how many of how many are. */
export const chapterProgress = {
  chapterNumber: z.number().int().positive(),
  chaptersWritten: z.number().int().min(0),
  chaptersTotal: z.number().int().positive(),
};

export const member = {
  bookId: z.string(),
  /** The book's owner. */
  ownerId: z.string(),
  /** The person who joined, left, or whose role changed (a user id). */
  memberId: z.string(),
};

import { z } from 'zod';
import { BookSchema } from '../../entities/book/book';

/** What the planner and writer need to know about a book (internal: no owner check). */
export const BookBriefSchema = BookSchema.pick({
  _id: true,
  title: true,
  subtitle: true,
  genre: true,
  bookType: true,
  language: true,
  targetAudience: true,
  size: true,
  prompt: true,
  author: true,
  status: true,
  bookState: true,
  translation: true,
}).extend({ userId: z.string() });
export type BookBrief = z.infer<typeof BookBriefSchema>;

import type { z } from 'zod';
import { BookBriefSchema, type BookBrief } from '@bookwright/contracts/bus';
import { BookStateSchema, plannedChapters, type BookState } from '@bookwright/contracts/http';
import type { WritingJobRow } from '../db/schema';
import { chapterHeading } from '../domain/manuscript';
import { chapterBudgets, type ChapterBudget } from '../domain/length';
import type { ChapterForPrompt } from '../domain/prompts';

/** What the job keeps of the book besides its plan. */
export const JobBriefSchema = BookBriefSchema.pick({
  title: true,
  subtitle: true,
  genre: true,
  bookType: true,
  language: true,
  targetAudience: true,
  size: true,
  author: true,
});
export type JobBrief = z.infer<typeof JobBriefSchema>;

export function jobBriefOf(brief: BookBrief): JobBrief {
  return JobBriefSchema.parse(brief);
}

/** A job as the writer works on it: the snapshot parsed, the chapters and their budgets laid out. */
export interface LoadedJob {
  id: string;
  bookId: string;
  userId: string;
  attempt: number;
  brief: JobBrief;
  plan: BookState;
  chapters: ChapterForPrompt[];
  budgets: Map<number, ChapterBudget>;
}

export function loadJob(row: WritingJobRow): LoadedJob {
  const brief = JobBriefSchema.parse(row.brief);
  const plan = BookStateSchema.parse(row.plan);
  const planned = plannedChapters(plan);
  const chapters = planned.map((c): ChapterForPrompt => ({
    number: c.number,
    total: planned.length,
    title: c.title,
    part: c.part,
    brief: c.brief,
    keyPoints: c.keyPoints,
  }));
  const budgets = chapterBudgets(
    chapters.map((c) => ({ number: c.number, heading: chapterHeading(brief.language, c.number, c.title) })),
    brief.size,
  );
  return {
    id: row.id,
    bookId: row.book_id,
    userId: row.user_id,
    attempt: row.current_attempt,
    brief,
    plan,
    chapters,
    budgets: new Map(budgets.map((b) => [b.chapterNumber, b])),
  };
}

/** The blob key of the manuscript of one attempt. */
export const manuscriptPrefix = (bookId: string): string => `manuscripts/${bookId}`;
export const manuscriptKey = (bookId: string, attempt: number): string => `${manuscriptPrefix(bookId)}/${attempt}.json`;

import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { BookLanguageSchema, GenreSchema } from '../../constants';
import { heldAllowanceFields } from './held-allowance';

/** What the planner plans from: the author's request as the book service stored it. */
export const PlanningBriefSchema = z.object({
  prompt: z.string(),
  title: z.string(),
  language: BookLanguageSchema,
  targetAudience: z.string(),
  genre: GenreSchema,
  size: z.enum(['short', 'long']),
});
export type PlanningBrief = z.infer<typeof PlanningBriefSchema>;

/**
 * v2 carries the brief, so the planner plans from the event alone and never asks the book service
 * (v1 carried only the ids).
 */
export const bookPlanningRequestedV2 = defineEvent({
  name: 'book.planning-requested',
  version: 2,
  schema: z.object({
    bookId: z.string(),
    userId: z.string(),
    attempt: z.number().int().positive(),
    brief: PlanningBriefSchema,
    ...heldAllowanceFields,
  }),
  description:
    'The planner should (re)build the plan of this book: after creation, after a retry of failed planning, and again when the book service starts while the book is still planning. The answer is planner.plan-built or planner.plan-failed with the same attempt. Billing keeps the reservation it holds (allowanceKey).',
});

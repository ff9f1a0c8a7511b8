import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { BookStateSchema } from '../../entities/book/book-state';

const base = { bookId: z.string(), userId: z.string(), attempt: z.number().int().positive() };

export const planBuiltV1 = defineEvent({
  name: 'planner.plan-built',
  version: 1,
  schema: z.object({ ...base, bookState: BookStateSchema }),
  description:
    'The planner built the plan asked for by book.planning-requested (same attempt). The book service stores it: planning → validation.',
});

export const planFailedV1 = defineEvent({
  name: 'planner.plan-failed',
  version: 1,
  schema: z.object({ ...base, reason: z.string().max(1_000) }),
  description:
    'The planner gave up on book.planning-requested (same attempt): the model refused, stayed invalid, or stayed unreachable after the redeliveries. `reason` is for the author. The book service moves planning → failed.',
});

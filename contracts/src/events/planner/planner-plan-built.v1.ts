import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { BookStateSchema } from '../../entities/book/book-state';
import { base } from './event-fields';

export const planBuiltV1 = defineEvent({
  name: 'planner.plan-built',
  version: 1,
  schema: z.object({ ...base, bookState: BookStateSchema }),
  description:
    'The planner built the plan asked for by book.planning-requested (same attempt). The book service stores it: planning → validation.',
});

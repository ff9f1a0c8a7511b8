import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { FailedStepSchema } from '../../entities/book/book';
import { base } from './event-fields';
import { BookAllowanceKindSchema } from './held-allowance';

export const bookFailedV1 = defineEvent({
  name: 'book.failed',
  version: 1,
  schema: z.object({
    ...base,
    step: FailedStepSchema,
    reason: z.string(),
    /** The allowance reservation of the failed attempt (`billing.allowance.consume` key): billing gives it back. */
    allowanceKey: z.string().optional(),
    /** Which allowance the reservation took from; absent = `book` (events from before translations). */
    allowanceKind: BookAllowanceKindSchema.optional(),
  }),
  description:
    'Planning, writing or translating failed for good; the book is in status failed and can be retried. Billing gives back the allowance (allowanceKind, default book) held under allowanceKey.',
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { AllowanceKindSchema } from './billing-bodies';

export const consumeAllowanceRequest = defineRequest({
  name: 'billing.allowance.consume',
  version: 1,
  request: z.object({
    userId: z.string(),
    kind: AllowanceKindSchema,
    key: z.string().min(1).max(200),
    /**
     * The unit pays for a book the caller is about to store under this key: it stays reserved until an
     * event of the stored book names the key (`allowanceKey` on book.created, book.planning-requested,
     * book.confirmed, book.translation-requested), and a reservation no event named by its deadline is
     * given back (a caller that died between reserving and storing). Absent: the unit is taken for good at once.
     */
    awaitsConfirmation: z.boolean().optional(),
    spentBy: z
      .string()
      .optional()
      .describe("Who spent it when not the payer (a workspace's member spends its owner's pool)"),
  }),
  response: z.object({ remaining: z.number().int().nullable() }),
  description:
    'Atomically takes one unit of an allowance; 403 with the spec text when none is left. Idempotent per key: the same key never consumes twice.',
});

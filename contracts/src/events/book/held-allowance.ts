import { z } from 'zod';

/** The allowances a book's attempt takes from: a translation's, translations; every other book's, books. */
export const BookAllowanceKindSchema = z.enum(['book', 'translation']);

/**
 * The reservation (`billing.allowance.consume` key and kind) that pays for the attempt an event asks for.
 * The book service writes the event in the transaction that stores the book holding it, so billing learns
 * from the event that a book holds the key and keeps the unit (decision 0054). Optional: absent on a book
 * that holds none (an imported manuscript) and on events from before the fields.
 */
export const heldAllowanceFields = {
  allowanceKey: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('The allowance reservation this attempt holds (the billing.allowance.consume key): billing keeps it'),
  allowanceKind: BookAllowanceKindSchema.optional().describe(
    'Which allowance the reservation took from; absent = book',
  ),
};

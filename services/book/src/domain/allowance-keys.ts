import type { AllowanceKind } from '@bookwright/contracts/bus';
import type { FailedStep } from '@bookwright/contracts/http';

/**
 * The billing keys under which a book's attempts reserve one book (or, for a translation, one
 * translation) of the monthly allowance. Billing is idempotent per key: the same key never consumes
 * twice and is never refunded twice.
 */
export const allowanceKeys = {
  /** Creation: keyed by the HTTP request, so a retried POST /agent/plan pays once (and finds its book). */
  creation: (requestId: string) => `plan:${requestId}`,
  /** A retry of a failed step: keyed by book, step and attempt, so each retry reserves (and is refunded) once. */
  retry: (bookId: string, step: FailedStep, attempt: number) => `book:${bookId}:${step}:${attempt}`,
  /** A translation: keyed by the HTTP request, so a retried POST /book/{id}/translate pays once (and finds its book). */
  translation: (requestId: string) => `translate:${requestId}`,
} as const;

/** What a book's reservations take from: a translation's, translations; every other book's, books. */
export const allowanceKindOf = (book: { translation: unknown }): Extract<AllowanceKind, 'book' | 'translation'> =>
  book.translation ? 'translation' : 'book';

/**
 * What an event asking for a book's attempt says of the reservation paying for it: billing keeps a
 * reservation once such an event names it, and gives back one none named by its deadline (decision 0054).
 * Every such event carries it, repeats included, so a confirmation lost with the in-process bus comes again
 * when the work is announced again at start.
 */
export const heldAllowance = (book: {
  allowance_key: string | null;
  translation: unknown;
}): { allowanceKey?: string; allowanceKind?: Extract<AllowanceKind, 'book' | 'translation'> } =>
  book.allowance_key ? { allowanceKey: book.allowance_key, allowanceKind: allowanceKindOf(book) } : {};

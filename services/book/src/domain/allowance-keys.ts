/**
 * The billing keys under which a book's attempts reserve one book of the monthly allowance. Billing is
 * idempotent per key: the same key never consumes twice and is never refunded twice.
 */
export const allowanceKeys = {
  /** Creation: keyed by the HTTP request, so a retried POST /agent/plan pays once (and finds its book). */
  creation: (requestId: string) => `plan:${requestId}`,
  /** A retry of a failed step: keyed by book, step and attempt, so each retry reserves (and is refunded) once. */
  retry: (bookId: string, step: 'planning' | 'writing', attempt: number) => `book:${bookId}:${step}:${attempt}`,
} as const;

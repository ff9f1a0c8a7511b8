import { LlmError } from '@bookwright/ai';

/** Why planning stopped, in words an author can act on (shown on the book; the book service sends its own). */
export const planFailureReasons = {
  invalid: 'The AI could not produce a valid plan for this book. Retry to try again.',
  unavailable: 'The AI service did not answer while planning this book. Retry in a few minutes.',
  internal: 'Planning stopped because of an unexpected error. Retry to try again.',
} as const;

/** The author-facing reason for an error the planner gives up on. */
export function planFailureReason(error: unknown): string {
  if (!(error instanceof LlmError)) return planFailureReasons.internal;
  return error.retryable ? planFailureReasons.unavailable : planFailureReasons.invalid;
}

/** Why the book service itself ended a step, in words the author can act on (planner and writer send their own). */
export const bookFailureReasons = {
  planNotStored: 'The plan could not be saved. Retry to plan the book again.',
  planInvalid: 'The AI produced a plan this book cannot use. Retry to plan the book again.',
  planningStalled: 'Planning got no answer for too long. Retry to plan the book again.',
  translatingStalled:
    'The translation made no progress for too long. Retry to continue from the chapters already translated.',
  writingStalled: 'Writing made no progress for too long. Retry to continue from the chapters already written.',
} as const;

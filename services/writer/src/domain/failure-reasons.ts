/** Why writing stopped, in words an author can act on (shown on the book, ≤ 1,000 characters). */
export const failureReasons = {
  aiUnavailable: (chapter: number) => `The AI service did not answer. Retry to continue from chapter ${chapter}.`,
  aiRefused: (chapter: number) =>
    `The AI service refused to write chapter ${chapter}. Retry to continue from chapter ${chapter}; if it fails again, contact support.`,
  internal: (chapter: number) =>
    `Writing stopped because of an unexpected error. Retry to continue from chapter ${chapter}.`,
  notStarted: 'Writing could not start because of an unexpected error. Retry to try again.',
  noPlan: 'The book has no plan to write from. Plan the book again, then confirm its structure.',
  noChapters: 'The plan has no chapters. Add chapters to the plan, then confirm it again.',
  translationAiUnavailable: (chapter: number) =>
    `The AI service did not answer. Retry to continue the translation from chapter ${chapter}.`,
  translationAiRefused: (chapter: number) =>
    `The AI service refused to translate chapter ${chapter}. Retry to continue from chapter ${chapter}; if it fails again, contact support.`,
  translationInternal: (chapter: number) =>
    `The translation stopped because of an unexpected error. Retry to continue from chapter ${chapter}.`,
  translationNotStarted: 'The translation could not start because of an unexpected error. Retry to try again.',
  noSource: 'The original book has no text to translate. Finish the original, then translate it again.',
} as const;

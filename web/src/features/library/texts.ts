export const createBookTexts = {
  /** Spec §8: any failure but 403 (whose text, planMessages.limitReached, comes from the contracts). */
  failure: 'Failed to create book. Please try again.',
  submit: 'Create Book',
  submitting: 'Creating...',
  promptPlaceholder: 'Describe your book idea: the story, the subject, the feeling you want readers to have...',
  sizeStandard: 'Standard',
  sizeStandardHint: 'About 100 pages',
  sizeLong: 'Long',
  sizeLongHint: '150+ pages',
  comingSoon: 'coming soon',
} as const;

export const libraryTexts = {
  retry: 'Try again',
  retryFailure: 'The book could not be restarted. Please try again.',
} as const;

export const metadataTexts = {
  /** The side panel's failure toast (spec §8); the success text is metadataMessages.saved. */
  saveFailure: 'Error saving new metadata. Please try again',
  save: 'Save metadata',
  saving: 'Saving...',
  /** Without a plan the book is read-only, its details too (the export dialog still completes missing ones). */
  needsPlan: 'Choose a plan to edit the details',
  keywordsPlaceholder: 'Type a keyword and press Enter or comma...',
  datePlaceholder: 'Select a date',
  today: 'Today',
} as const;

export const validationTexts = {
  saveFailure: 'Error while saving. Please try again',
  confirmed: 'Success! When the book is ready you will see it in your library! It can take up to 30 minutes',
  /** What the confirmation's toast becomes once the book is written while it is still shown (issue 47). */
  written: (title: string | undefined) =>
    title ? `“${title}” is ready! Open it from your library.` : 'Your book is ready! Open it from your library.',
  confirm: 'Confirm and start writing',
  confirming: 'Starting...',
} as const;

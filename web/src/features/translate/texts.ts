/** The words of the translate feature (the API's own answers come from the contracts' translationMessages). */
export const translateTexts = {
  open: 'Translate',
  menu: 'Book actions',
  title: 'Translate this book',
  description:
    'A translated copy appears in your library as a new book, chapter by chapter. Your original stays as it is. Each translation uses one of your translations this month.',
  language: 'Translate into',
  submit: 'Start translation',
  starting: 'Starting...',
  cancel: 'Cancel',
  translatedFrom: 'Translated from',
  into: 'into',
  progress: (done: number, total: number) =>
    total > 0 ? `Translating chapter ${Math.min(done + 1, total)} of ${total}` : 'Starting to translate',
} as const;

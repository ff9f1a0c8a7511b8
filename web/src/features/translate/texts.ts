/** The words of the translate feature (the API's own answers come from the contracts' translationMessages). */
export const translateTexts = {
  open: 'Translate',
  menu: 'Book actions',
  title: 'Translate this book',
  description:
    'A translated copy appears in your library as a new book, chapter by chapter. Your original stays as it is. Each translation uses one of your translations this month.',
  language: 'Translate into',
  choose: 'Choose a language…',
  titleLabel: 'Title of the translation',
  titleHint: 'A suggestion in the new language; change it as you like before the translation starts.',
  /** While the server's suggestion (the AI model's, where one is configured) is on its way. */
  titleAsking: 'Looking for a title in this language…',
  titleHintModel: 'Suggested by the AI model in the new language; change it as you like before the translation starts.',
  /** Until a language is chosen: the button is disabled and names no language. */
  submit: 'Start translation',
  /**
   * The button once a language is chosen, saying what it spends: `left` is the user's
   * translationsLeftThisMonth, null when the plan has no monthly limit (or it is not known yet).
   */
  submitInto: (language: string, left: number | null) => {
    const action = `Translate into ${language}`;
    if (left === null) return action;
    if (left <= 0) return `${action}: no translations left this month`;
    return `${action}: uses 1 of ${left} ${left === 1 ? 'translation' : 'translations'} left this month`;
  },
  starting: 'Starting...',
  cancel: 'Cancel',
  translatedFrom: 'Translated from',
  into: 'into',
  progress: (done: number, total: number) =>
    total > 0 ? `Translating chapter ${Math.min(done + 1, total)} of ${total}` : 'Starting to translate',
} as const;

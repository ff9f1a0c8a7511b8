/** What the editor says about where the manuscript is (issue 19), in the spec's tone. */
export const saveStatusTexts = {
  saving: 'Saving…',
  saved: 'All changes saved',
  offline: 'Offline: changes are kept on this device',
  retrying: 'Not saved: retrying',
  retryNow: 'Retry now',
  /** The server refused the text (its reason is in a toast); retrying by itself would not help. */
  refused: 'Not saved',
  /** Autosave is off and the author has not saved yet. */
  unsaved: 'Unsaved changes',
  /** Another version was saved elsewhere: saving waits for the author's choice. */
  conflict: 'Not saved: choose a version',
  choose: 'Choose',
} as const;

export const conflictTexts = {
  title: 'This book was changed in another tab or device',
  description:
    'Both versions are shown below. The one you do not keep is saved as a named version in History, so nothing is lost.',
  mine: 'Your version',
  other: 'The other version',
  keepMine: 'Keep mine',
  useOther: 'Use the other',
  busy: 'Saving…',
  /** Where the two manuscripts differ, one passage at a time. */
  differenceOf: (at: number, of: number) => `Difference ${at} of ${of}`,
  beforeFirstChapter: 'Before the first chapter',
  previousDifference: 'Previous',
  nextDifference: 'Next',
  legend: 'Green is only in your version; struck-through red is only in the other.',
  onlyMine: 'Only in your version:',
  onlyOther: 'Only in the other version:',
  sameText: 'The words are the same in both; only the formatting differs.',
  wholeVersions: 'Both whole versions',
  failure: 'Could not keep both versions. Please try again.',
  /** The name of the version not kept ("Kept from another tab, 14:02"). */
  keptName: (at: Date) =>
    `Kept from another tab, ${at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false })}`,
  metadataTitle: 'The book details were changed in another tab or device',
  metadataDescription: 'Both versions of the book details are shown below. Choose the one to keep.',
} as const;

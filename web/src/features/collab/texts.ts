/** A shared book, edited live (issue 44): who is in it, where, and the live connection's states. */
export const collabTexts = {
  /** The header's list of the other people in the book. */
  peopleHere: 'People in this book',
  /** The avatar's accessible name. */
  personHere: (name: string) => `${name} is in this book`,
  /** The avatar that stands for those not shown. */
  more: (count: number, names: readonly string[]) => `${count} more: ${names.join(', ')}`,
  chapters: 'Chapters',
  untitledChapter: 'Untitled',
  goToChapter: (number: number, title: string) => `Go to chapter ${number}: ${title}`,
  /** A dot by a chapter: someone's caret is in it. */
  personInChapter: (name: string) => `${name} is here`,
  noChapters: 'The manuscript has no chapters yet. A Heading 1 starts one.',
  /** The editor waits for the shared document from the server (it is never filled by the page). */
  opening: 'Opening the shared book…',
  /** The server refused what this page sent: nothing more is sent until the page is loaded again. */
  refusedTitle: 'This page stopped sending changes',
  refusedBody:
    'The server did not accept a change from this page, so it sends no more. Reload the page to go on from the book as the others see it.',
  reload: 'Reload the page',
  /** The copy kept on this device was of an older version of the book, replaced since: it was not merged. */
  discardedLocalCopy:
    'Edits kept on this device were of an older version of this book and could not be merged. The book shows its current text.',
} as const;

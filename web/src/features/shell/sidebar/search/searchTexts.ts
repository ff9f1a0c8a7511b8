/** The sidebar search's own words. */
export const searchTexts = {
  inManuscripts: 'IN THE MANUSCRIPTS',
  searching: 'Searching the manuscripts…',
  noPassage: (query: string) => `No manuscript mentions “${query}”.`,
  noBooks: (query: string) => `No books match “${query}”.`,
  noTitles: (query: string) => `No titles match “${query}”.`,
  failed: 'The manuscripts could not be searched. Try again in a moment.',
  moreChapters: (count: number) => `in ${count} chapters`,
  truncated: 'More books match: type more words to narrow the search.',
  untitledChapter: 'Before the first chapter',
} as const;

/** How long the field must rest before the manuscripts are searched. */
export const searchDebounceMs = 300;

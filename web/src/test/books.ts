import type { Book } from '@bookwright/contracts/http';
import { buildBook, shortFictionPlan, summaryOf } from '@bookwright/contracts/testing';
import { sampleUser } from './utils';

export const starterUser = { ...sampleUser, accountType: 'starter', booksLeftThisMonth: 9 } as const;

/** The shared book fixture with the short plan these tests read (3 chapters, Mara and Jonah). */
export function makeBook(overrides: Partial<Book> = {}): Book {
  return buildBook({
    title: 'The Keeper of Letters',
    prompt: 'A lighthouse keeper finds letters.',
    bookState: shortFictionPlan(),
    ...overrides,
  });
}

export const summary = summaryOf;

import { randomUUID } from 'node:crypto';
import type { BookBrief } from '@bookwright/contracts/bus';
import { briefOf, buildBook, buildFictionState, buildNonFictionState } from '@bookwright/contracts/testing';

export { buildFictionState, buildNonFictionState };

/** The brief of a book being written, of a user of its own: the shared book fixture, as the writer sees it. */
export function buildBrief(overrides: Partial<BookBrief> = {}): BookBrief {
  const { userId = randomUUID(), ...book } = overrides;
  return briefOf(
    buildBook({
      _id: randomUUID(),
      targetAudience: 'adult readers',
      author: 'Test Author',
      status: 'writing',
      ...book,
    }),
    userId,
  );
}

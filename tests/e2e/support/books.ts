import { buildBook, screenshotFictionPlan, screenshotNonFictionPlan, summaryOf } from '@bookwright/contracts/testing';
import type { Book, TiptapDocument, TiptapNode } from '@bookwright/contracts/http';

/** Book fixtures for the mocked API: plans of both shapes and a manuscript of any length. */

const words = (
  'the sea was quiet and she kept every letter in a tin box by the window while the lamp burned low ' +
  'on the rocks below waves broke slow as if they had all night to think of what to say next ' +
  'her father once told her that a keeper listens more than she speaks so she read the old pages aloud'
).split(' ');

/** Deterministic prose: `count` words in sentences of 9 to 15 words, about 5 characters a word with spaces. */
function prose(count: number, seed: number): string {
  const out: string[] = [];
  let n = seed >>> 0;
  // xorshift32: cheap and well mixed in its low bits.
  const next = () => {
    n ^= n << 13;
    n >>>= 0;
    n ^= n >>> 17;
    n ^= n << 5;
    n >>>= 0;
    return n;
  };
  while (out.length < count) {
    const length = Math.min(9 + (next() % 7), count - out.length);
    const sentence = Array.from({ length }, () => words[next() % words.length]!);
    sentence[0] = sentence[0]!.charAt(0).toUpperCase() + sentence[0]!.slice(1);
    sentence[length - 1] += '.';
    out.push(...sentence);
  }
  return out.join(' ');
}

/** A manuscript of about `totalWords` words in 12 chapters (≈100 pages at 25,000 words, spec §9). */
export function manuscript(totalWords = 25_000, chapters = 12): TiptapDocument {
  const content: TiptapNode[] = [];
  const perChapter = Math.floor(totalWords / chapters);
  for (let c = 1; c <= chapters; c++) {
    content.push({ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: `Chapter ${c}: The Tide` }] });
    for (let written = 0; written < perChapter; written += 55) {
      content.push({ type: 'paragraph', content: [{ type: 'text', text: prose(55, c * 7919 + written) }] });
    }
  }
  return { type: 'doc', content };
}

let created = 0;

/** A book of the mocked library: the shared fixture with this suite's plan and a date of its own. */
export function fakeBook(overrides: Partial<Book> = {}): Book {
  created += 1;
  const at = new Date(Date.UTC(2026, 2, 1 + created)).toISOString();
  return buildBook({
    _id: `book-${created}`,
    title: 'The Keeper of Letters',
    targetAudience: 'Adult readers of literary mysteries',
    createdAt: at,
    updatedAt: at,
    prompt: 'A lighthouse keeper finds letters from a sailor who vanished a century ago.',
    bookState: screenshotFictionPlan(),
    genreMetadata: overrides.genre ?? 'mystery',
    ...overrides,
  });
}

export { summaryOf };

/** A library with a book in every status, newest first; the ready one holds a manuscript of `words` words. */
export function sampleLibrary(words = 25_000): Book[] {
  return [
    fakeBook({
      _id: 'planning',
      title: 'Sourdough for Busy People',
      status: 'planning',
      genre: 'cooking',
      bookType: 'non-fiction',
      bookState: null,
    }),
    fakeBook({
      _id: 'writing',
      title: 'The Clockmaker of Riga',
      status: 'writing',
      genre: 'historical fiction',
      progress: { chaptersWritten: 5, chaptersTotal: 12 },
    }),
    fakeBook({ _id: 'validation', title: 'The Keeper of Letters', status: 'validation' }),
    fakeBook({
      _id: 'ready',
      title: 'Salt and Lantern',
      status: 'ready',
      genre: 'fantasy',
      bookContent: JSON.stringify(manuscript(words)),
    }),
    fakeBook({
      _id: 'failed',
      title: 'A Winter Harbour',
      status: 'failed',
      genre: 'romance',
      failure: {
        step: 'writing',
        reason: 'The writing service did not answer in time.',
        at: new Date(0).toISOString(),
      },
    }),
    fakeBook({
      _id: 'nonfiction',
      title: 'Bread at Home',
      status: 'validation',
      genre: 'cooking',
      bookType: 'non-fiction',
      bookState: screenshotNonFictionPlan(),
    }),
  ];
}

/** The sample library with its book waiting for review ("validation") shared with the reader as `role` (issue 43). */
export function sampleLibrarySharedAs(role: 'viewer' | 'commenter' | 'editor', words?: number): Book[] {
  return sampleLibrary(words).map((book) =>
    book._id === 'validation' ? { ...book, role, ownerName: 'Grace Hopper' } : book,
  );
}

/** A company on the Starter plan with its billing details filled by Stripe's webhooks (Settings → Billing). */
export const businessUser = {
  accountType: 'starter',
  subscriptionStatus: 'active',
  nextBillingDate: '2026-12-01T00:00:00.000Z',
  booksLeftThisMonth: 7,
  coversLeftThisMonth: 9,
  translationsLeftThisMonth: 5,
  stripeCustomerId: 'cus_1',
  billingPortal: true,
  companyName: 'Edizioni Faro S.r.l.',
  vatNumber: 'IT12345678901',
  billingAddress: 'Via Roma 1, Scala B',
  billingCity: 'Milano',
  billingPostalCode: '20121',
  billingZip: '20121',
  billingCountry: 'IT',
  sdi: 'M5UXCR1',
};

import { randomUUID } from 'node:crypto';
import {
  AppError,
  bookRequests,
  type BookBrief,
  type FictionBookState,
  type NonFictionBookState,
} from '@bookwright/contracts';
import type { Bus, Subscription } from '@bookwright/kit';

/** A fiction plan: `chapters` chapters spread over three acts, with a cast and a world. */
export function buildFictionState(chapters = 12): FictionBookState {
  const perAct = Math.ceil(chapters / 3);
  return {
    expandedIdea: {
      subGenre: 'coastal mystery',
      emotionalTone: 'tense, warm underneath',
      themes: ['memory', 'belonging'],
      centralConflict: 'A harbour pilot must find out who sank her father’s boat before the village turns on her.',
      worldBuilding: {
        setting: 'Port Ardel, a fishing village on a northern coast',
        timePeriod: '1950s',
        culturalContext: 'A close community where everyone owes someone',
        uniqueElements: ['a lighthouse that has been dark for ten years'],
      },
      narrativeStyle: 'Close third person, past tense',
    },
    characters: [
      {
        name: 'Ines Varga',
        role: 'protagonist',
        arc: 'from suspicion to trust',
        personality: 'stubborn, observant',
        backstory: 'Raised on the docks',
      },
      {
        name: 'Tomas Reed',
        role: 'ally',
        arc: 'finds courage',
        personality: 'gentle, anxious',
        backstory: 'The lighthouse keeper’s son',
      },
    ],
    plotOutline: {
      acts: [1, 2, 3].map((actNumber) => ({
        actNumber,
        description: ['Setup', 'Confrontation', 'Resolution'][actNumber - 1] ?? 'Act',
        chapters: Array.from({ length: perAct }, (_, i) => (actNumber - 1) * perAct + i + 1)
          .filter((n) => n <= chapters)
          .map((n) => ({
            chapterNumber: n,
            title: `The Tide Turns ${n}`,
            purpose: `Move the investigation forward (step ${n}).`,
            summary: `Ines follows clue number ${n} along the harbour.`,
          })),
      })),
    },
  };
}

/** A non-fiction plan: three sections of three chapters with key points. */
export function buildNonFictionState(): NonFictionBookState {
  return {
    expandedIdea: {
      subGenre: 'practical guide',
      emotionalTone: 'encouraging',
      themes: ['habits', 'focus'],
      centralConflict: 'Busy people lose their best hours to shallow work.',
      keyTopics: ['deep work', 'planning', 'rest'],
      learningObjectives: ['Plan a focused week', 'Protect time for deep work'],
    },
    researches: {
      topics: [
        {
          title: 'Attention residue',
          query: 'attention residue',
          summary: 'Switching tasks leaves residue.',
          tags: ['focus'],
        },
      ],
    },
    contentOutline: {
      structure: 'Three sections from diagnosis to practice',
      sections: [1, 2, 3].map((sectionNumber) => ({
        sectionNumber,
        title: `Section ${sectionNumber}`,
        objective: `Objective of section ${sectionNumber}`,
        chapters: [1, 2, 3].map((i) => ({
          chapterNumber: (sectionNumber - 1) * 3 + i,
          title: `Practice ${(sectionNumber - 1) * 3 + i}`,
          summary: `How to apply practice ${(sectionNumber - 1) * 3 + i}.`,
          keyPoints: ['Start small', 'Measure progress'],
        })),
      })),
    },
  };
}

export function buildBrief(overrides: Partial<BookBrief> = {}): BookBrief {
  return {
    _id: randomUUID(),
    userId: randomUUID(),
    title: 'The Dark Lighthouse',
    subtitle: null,
    genre: 'mystery',
    bookType: 'fiction',
    language: 'english',
    targetAudience: 'adult readers',
    size: 'short',
    prompt: 'A mystery in a fishing village',
    author: 'Test Author',
    status: 'writing',
    bookState: buildFictionState(),
    ...overrides,
  };
}

export interface CompletedManuscript {
  bookId: string;
  contentBlobKey: string;
  words: number;
  pages: number;
  /** Whether this call moved the book to ready (false: it had the manuscript already). */
  applied: boolean;
}

/**
 * The book service's side of the writer's conversation, served on the bus: getBrief from the books
 * added, and a record of completeManuscript / recordFailure calls. `failNext` makes the next calls of a
 * request fail, like an unreachable book service.
 */
export class FakeBookService {
  readonly books = new Map<string, BookBrief>();
  readonly completions: CompletedManuscript[] = [];
  readonly failures: { bookId: string; step: string; reason: string }[] = [];
  readonly briefRequests: string[] = [];
  readonly failNext = { completeManuscript: 0 };
  #subscriptions: Subscription[] = [];
  #waiters: Array<() => void> = [];

  add(brief: BookBrief): BookBrief {
    this.books.set(brief._id, brief);
    return brief;
  }

  async serve(bus: Bus): Promise<void> {
    this.#subscriptions = await Promise.all([
      bus.serve(bookRequests.getBrief, async ({ bookId }) => {
        this.briefRequests.push(bookId);
        const brief = this.books.get(bookId);
        if (!brief) throw new AppError(404, 'Book not found');
        return brief;
      }),
      bus.serve(bookRequests.completeManuscript, async (input) => {
        if (this.failNext.completeManuscript > 0) {
          this.failNext.completeManuscript -= 1;
          throw new AppError(503, 'Service unavailable');
        }
        const book = this.books.get(input.bookId);
        const applied = book?.status === 'writing';
        if (book && applied) this.books.set(input.bookId, { ...book, status: 'ready' });
        this.completions.push({ ...input, applied });
        this.#notify();
        return { applied };
      }),
      bus.serve(bookRequests.recordFailure, async (input) => {
        const book = this.books.get(input.bookId);
        const applied = book?.status === 'writing';
        if (book && applied) this.books.set(input.bookId, { ...book, status: 'failed' });
        this.failures.push(input);
        this.#notify();
        return { applied };
      }),
    ]);
  }

  /** What the author's retry does: the failed book goes back to writing. */
  retry(bookId: string): void {
    const book = this.books.get(bookId);
    if (book) this.books.set(bookId, { ...book, status: 'writing' });
  }

  /** Resolves once `predicate` holds (checked after every call the service answers). */
  async waitFor(predicate: () => boolean, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error('FakeBookService.waitFor: timed out');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(remaining, 200));
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.#subscriptions.map((s) => s.stop()));
  }

  #notify(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}

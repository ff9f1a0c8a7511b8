import { AppError } from '../errors/app-error';
import type { Book, BookSummary } from '../entities/book/book';
import type { FictionBookState, NonFictionBookState } from '../entities/book/book-state';
import { noPlanBillingSummary, type User, type UserProfile } from '../entities/user';
import type { SignUpRequest } from '../http/auth/sign-up';
import type { BookBrief } from '../requests/book';
import type { TiptapDocument, TiptapNode } from '../entities/book/tiptap-document';
import { fictionPlanOf, nonFictionPlanOf } from './plans';

/*
 * The one set of test fixtures for users and books, shaped by the contracts they build: service tests,
 * API tests, browser tests and the web app's tests all take theirs from here and override what they
 * need. No node-only imports, so the browser test bundle can use it too.
 */

const randomHex = (bytes: number): string =>
  Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');

let accounts = 0;
/** A unique, valid sign-up body; the password is not on the common-password list. */
export function newAccount(overrides: Partial<SignUpRequest> = {}): SignUpRequest & { password: string } {
  accounts += 1;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${Date.now().toString(36)}.${accounts}.${randomHex(3)}@example.com`,
    password: `analytical-Engine-${randomHex(4)}`,
    ...overrides,
  };
}

/** A user's profile as the user service presents it. */
export function buildUserProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    _id: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    userName: 'adalovelace',
    admin: false,
    createdAt: '2024-03-01T10:00:00.000Z',
    avatar: null,
    mailAboutComments: true,
    ...overrides,
  };
}

/** The User of the HTTP API (profile and billing); without a plan unless overridden. */
export function buildUser(overrides: Partial<User> = {}): User {
  return { ...buildUserProfile(), ...noPlanBillingSummary, ...overrides };
}

/** A fiction plan: `chapters` chapters spread over three acts, with a cast and a world. */
export function buildFictionState(chapters = 12): FictionBookState {
  const perAct = Math.ceil(chapters / 3);
  return fictionPlanOf(
    {
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
    [
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
    // Full acts first: the last act takes what is left, and an act past the last chapter stays empty.
    ['Setup', 'Confrontation', 'Resolution'].map((description, act) => ({
      description,
      chapters: Array.from({ length: Math.max(0, Math.min(perAct, chapters - act * perAct)) }, (_, i) => {
        const n = act * perAct + i + 1;
        return {
          title: `The Tide Turns ${n}`,
          purpose: `Move the investigation forward (step ${n}).`,
          summary: `Ines follows clue number ${n} along the harbour.`,
        };
      }),
    })),
  );
}

/** A non-fiction plan: three sections of three chapters with key points. */
export function buildNonFictionState(): NonFictionBookState {
  return nonFictionPlanOf(
    {
      subGenre: 'practical guide',
      emotionalTone: 'encouraging',
      themes: ['habits', 'focus'],
      centralConflict: 'Busy people lose their best hours to shallow work.',
      keyTopics: ['deep work', 'planning', 'rest'],
      learningObjectives: ['Plan a focused week', 'Protect time for deep work'],
    },
    {
      topics: [
        {
          title: 'Attention residue',
          query: 'attention residue',
          summary: 'Switching tasks leaves residue.',
          tags: ['focus'],
        },
      ],
    },
    'Three sections from diagnosis to practice',
    [1, 2, 3].map((section) => ({
      title: `Section ${section}`,
      objective: `Objective of section ${section}`,
      chapters: [1, 2, 3].map((i) => {
        const n = (section - 1) * 3 + i;
        return {
          title: `Practice ${n}`,
          summary: `How to apply practice ${n}.`,
          keyPoints: ['Start small', 'Measure progress'],
        };
      }),
    })),
  );
}

/** A book as the API returns it: a fiction plan awaiting review unless overridden. */
export function buildBook(overrides: Partial<Book> = {}): Book {
  return {
    _id: 'b1',
    title: 'The Dark Lighthouse',
    subtitle: null,
    status: 'validation',
    genre: 'mystery',
    bookType: 'fiction',
    language: 'english',
    targetAudience: 'Adults',
    size: 'short',
    coverImage: null,
    author: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    failure: null,
    progress: null,
    translation: null,
    role: 'owner',
    prompt: 'A mystery in a fishing village',
    bookState: buildFictionState(),
    identifier: null,
    languageMetadata: null,
    genreMetadata: 'mystery',
    publisher: null,
    description: null,
    keywords: [],
    rights: null,
    publicationDate: null,
    isbn: null,
    bookContent: null,
    etag: '"v1"',
    ...overrides,
  };
}

/** The library-list form of a book. */
export function summaryOf(book: Book): BookSummary {
  const { prompt: _prompt, bookState: _state, bookContent: _content, ...rest } = book;
  void _prompt;
  void _state;
  void _content;
  return rest;
}

/** What the book service tells the planner and writer about `userId`'s book (`book.brief.get`). */
export function briefOf(book: Book, userId: string): BookBrief {
  const { _id, title, subtitle, genre, bookType, language, targetAudience, size, prompt, author, status } = book;
  const { bookState, translation } = book;
  return {
    _id,
    userId,
    title,
    subtitle,
    genre,
    bookType,
    language,
    targetAudience,
    size,
    prompt,
    author,
    status,
    bookState,
    translation,
  };
}

/** The AppError a promise rejects with; fails when it resolves or rejects with anything else. */
export async function appErrorFrom(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw new Error(`expected an AppError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected a rejection');
}

/** A paragraph of one text node: the smallest block of a manuscript. */
export const paragraph = (text: string): TiptapNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });

/** A heading of one text node; level 1 (the default) starts a chapter (contracts' `chaptersOf`). */
export const heading = (text: string, level = 1): TiptapNode => ({
  type: 'heading',
  attrs: { level },
  content: [{ type: 'text', text }],
});

/** A chapter's nodes as the editor makes them: its level-1 heading, then a paragraph per text. */
export const chapter = (title: string, ...texts: string[]): TiptapNode[] => [heading(title), ...texts.map(paragraph)];

/** A manuscript of these chapters' nodes, one after the other. */
export const documentOf = (...chapters: TiptapNode[][]): TiptapDocument => ({ type: 'doc', content: chapters.flat() });

export {
  fictionPlanOf,
  nonFictionPlanOf,
  screenshotFictionPlan,
  screenshotNonFictionPlan,
  shortFictionPlan,
  shortNonFictionPlan,
  type ActPlan,
  type SectionPlan,
} from './plans';

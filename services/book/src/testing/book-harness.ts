import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  AppError,
  noPlanBillingSummary,
  type AccountType,
  type FictionBookState,
  type NonFictionBookState,
  type PlanRequest,
} from '@bookwright/contracts/http';
import { allowanceExhaustedMessages, requests, type AllowanceKind, type AnyEventDef } from '@bookwright/contracts/bus';
import { events } from '@bookwright/contracts/events';
import { on, type Bus, type Subscription } from '@bookwright/kit';
import { createServiceTestWorld, TableOutage } from '@bookwright/kit/testing';
import type { BookDatabase } from '../db/schema';
import { bookService } from '../service';

/**
 * Billing's side of the book service's conversation: one unit per key, idempotent per key like the real
 * service (billing's own tests prove that), with a limit the test sets.
 */
export class FakeBilling {
  booksLeft = 10;
  translationsLeft = 5;
  /** The plan billing reports (`'null'`: none, which translations answer with 402). */
  accountType: AccountType = 'starter';
  /** Held keys and the allowance each took. */
  readonly held = new Map<string, AllowanceKind>();
  readonly consumed: string[] = [];
  readonly refunded: string[] = [];
  #subscriptions: Subscription[] = [];

  #left(kind: AllowanceKind): number {
    return kind === 'translation' ? this.translationsLeft : this.booksLeft;
  }

  #add(kind: AllowanceKind, n: number): void {
    if (kind === 'translation') this.translationsLeft += n;
    else this.booksLeft += n;
  }

  async serve(bus: Bus): Promise<void> {
    this.#subscriptions = await Promise.all([
      bus.serve(requests.billing.consumeAllowance, async ({ key, kind }) => {
        if (this.held.has(key)) return { remaining: this.#left(kind) };
        if (this.#left(kind) <= 0) throw new AppError(403, allowanceExhaustedMessages[kind]);
        this.#add(kind, -1);
        this.held.set(key, kind);
        this.consumed.push(key);
        return { remaining: this.#left(kind) };
      }),
      bus.serve(requests.billing.refundAllowance, async ({ key, kind }) => {
        if (this.held.get(key) !== kind) return {};
        this.held.delete(key);
        this.#add(kind, 1);
        this.refunded.push(key);
        return {};
      }),
      bus.serve(requests.billing.getSummary, async () => ({
        ...noPlanBillingSummary,
        accountType: this.accountType,
      })),
    ]);
  }

  async stop(): Promise<void> {
    await Promise.all(this.#subscriptions.map((s) => s.stop()));
  }
}

export interface SeenEvent {
  name: string;
  data: Record<string, unknown> & { bookId: string };
}

/**
 * The book service as it runs in production, in kit's service test world (a real database and bus), with
 * a fake billing and a record of every book event. `BOOK_TEST_LOG=1` shows the service's errors.
 * `env` adds variables to the service's config.
 */
export async function startBookWorld(env: Record<string, string> = {}) {
  const billing = new FakeBilling();
  const seen: SeenEvent[] = [];
  /** Set `outage.down` to make the service's database unreachable (see TableOutage). */
  const outage = new TableOutage('books');
  const world = await createServiceTestWorld<BookDatabase>({
    service: 'book',
    fakes: [billing],
    outage,
    logVariable: 'BOOK_TEST_LOG',
  });
  const bus = world.bus;
  const book = {
    billing,
    seen,
    outage,
    bus,
    blobs: world.blobs,
    /** The database itself, for the test to look at; the service's handle goes through `outage`. */
    get db(): Kysely<BookDatabase> {
      return world.db;
    },
    /** How far the service's clock runs ahead of the system's (the trash counts 30 days on it). */
    clockOffsetMs: 0,

    /** A plan request as the gateway sends it; each call is a new HTTP request unless `requestId` is given. */
    create(userId: string, plan: Partial<PlanRequest> = {}, requestId: string = randomUUID()) {
      return bus.request(requests.book.create, { userId, plan: { ...planRequest, ...plan }, requestId });
    },

    events(name: string, bookId: string): SeenEvent['data'][] {
      return seen.filter((e) => e.name === name && e.data.bookId === bookId).map((e) => e.data);
    },

    /** Resolves once `check` holds, polling the service's own state. */
    async until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },

    async status(userId: string, bookId: string) {
      return (await bus.request(requests.book.get, { userId, bookId })).status;
    },

    /** Idempotent: a test may stop the world itself to see the service stop. */
    stop: () => world.stop(),
  };
  await world.settingUp(async () => {
    const observer = await bus.consume(
      'book-test-observer',
      observed.map((def) =>
        on(def, async (data) => {
          seen.push({ name: def.name, data: data as SeenEvent['data'] });
        }),
      ),
    );
    world.onStop(() => observer.stop());
    await world.start(bookService, { env, now: () => new Date(Date.now() + book.clockOffsetMs) });
  });
  return book;
}

export type BookTestWorld = Awaited<ReturnType<typeof startBookWorld>>;

/** The book events the world records. */
const observed: AnyEventDef[] = [
  events.bookCreated,
  events.bookPlanningRequested,
  events.bookPlanned,
  events.bookConfirmed,
  events.bookReady,
  events.bookFailed,
  events.bookUpdated,
  events.bookTranslationRequested,
  events.bookDeleted,
  events.bookTrashed,
  events.bookRestored,
];

export const planRequest: PlanRequest = {
  prompt: 'A lighthouse keeper finds letters from the future in the lamp room.',
  title: 'Letters from the Lamp',
  language: 'english',
  targetAudience: 'Adults',
  genre: 'mystery',
  size: 'short',
};

export const newUserId = () => `user-${randomUUID()}`;

/** A small valid plan of a fiction book (the harness's plan request is a mystery). */
export function fictionPlan(chapterTitle = 'The First Letter'): FictionBookState {
  return {
    expandedIdea: { subGenre: 'Cozy', emotionalTone: 'Wistful', themes: ['time'], centralConflict: 'Who writes?' },
    characters: [{ name: 'Mara', role: 'Keeper', arc: 'Trusts', personality: 'Dry', backstory: 'Sailor' }],
    plotOutline: {
      acts: [
        {
          actNumber: 1,
          description: 'The letters',
          chapters: [
            { chapterNumber: 1, title: chapterTitle, purpose: 'Hook', summary: 'A letter arrives.' },
            { chapterNumber: 2, title: 'The Reply', purpose: 'Turn', summary: 'Mara answers.' },
          ],
        },
      ],
    },
  };
}

/** A valid plan of the other book type: a fiction book cannot use it. */
export const nonFictionPlan: NonFictionBookState = {
  expandedIdea: { subGenre: 'Guide', emotionalTone: 'Calm', themes: ['light'], centralConflict: 'Dark coasts' },
  researches: { topics: [] },
  contentOutline: {
    structure: 'Linear',
    sections: [
      {
        sectionNumber: 1,
        title: 'Lamps',
        objective: 'Know them',
        chapters: [{ chapterNumber: 1, title: 'Oil', summary: 'Oil lamps.', keyPoints: ['wicks'] }],
      },
    ],
  },
};

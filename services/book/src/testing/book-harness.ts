import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import {
  AppError,
  allowanceExhaustedMessages,
  events,
  noPlanBillingSummary,
  requests,
  type AccountType,
  type AllowanceKind,
  type AnyEventDef,
  type FictionBookState,
  type NonFictionBookState,
  type PlanRequest,
} from '@bookwright/contracts';
import {
  createFsBlobStore,
  createInProcessBus,
  observeBus,
  createLogger,
  on,
  parseConfig,
  silentLogger,
  type BlobStore,
  type Bus,
  type Migration,
  type RunningService,
  type Subscription,
} from '@bookwright/kit';
import { createTestDatabase, TableOutage } from '@bookwright/kit/testing';
import type { BookDatabase } from '../db/schema';
import { BookConfigSchema } from '../config';
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
  /** Keys the book service confirmed a book holds. */
  readonly confirmed: string[] = [];
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
      bus.serve(requests.billing.confirmAllowance, async ({ key }) => {
        this.confirmed.push(key);
        return { kept: this.held.has(key) };
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
 * The book service as it runs in production, on a real database (PGlite, or PostgreSQL when
 * DATABASE_URL is set) and the in-process bus, with a fake billing and a record of every book event.
 * `BOOK_TEST_LOG=1` shows the service's errors.
 */
export class BookTestWorld {
  readonly bus: Bus;
  readonly billing = new FakeBilling();
  readonly seen: SeenEvent[] = [];
  /** Set `outage.down` to make the service's database unreachable (see TableOutage). */
  readonly outage = new TableOutage('books');
  /** The database itself, for the test to look at; the service's handle goes through `outage`. */
  db!: Kysely<BookDatabase>;
  blobs!: BlobStore;
  #service: RunningService | undefined;
  #observer: Subscription | undefined;
  #blobDir = '';
  #closeDatabase: (() => Promise<void>) | undefined;
  #stopped = false;
  /** How far the service's clock runs ahead of the system's (the trash counts 30 days on it). */
  clockOffsetMs = 0;

  constructor(private readonly env: Record<string, string> = {}) {
    const logger = process.env.BOOK_TEST_LOG
      ? createLogger({ service: 'book', level: 'error', pretty: false })
      : silentLogger();
    // Observed, as createBus makes it in production: consumers wait out a database outage there.
    this.bus = observeBus(createInProcessBus({ logger, namespace: 'book_test' }));
  }

  async start(): Promise<this> {
    this.#blobDir = await mkdtemp(join(tmpdir(), 'book-blobs-'));
    this.blobs = createFsBlobStore({ root: this.#blobDir });
    await this.billing.serve(this.bus);
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
    this.#observer = await this.bus.consume(
      'book-test-observer',
      observed.map((def) =>
        on(def, async (data) => {
          this.seen.push({ name: def.name, data: data as SeenEvent['data'] });
        }),
      ),
    );
    this.#service = await bookService.start({
      name: 'book',
      config: parseConfig(BookConfigSchema, { NODE_ENV: 'test', LOG_LEVEL: 'silent', ...this.env }),
      logger: silentLogger(),
      bus: this.bus,
      blobs: this.blobs,
      now: () => new Date(Date.now() + this.clockOffsetMs),
      openDatabase: async <DB>(migrations: Migration[]) => {
        const database = await createTestDatabase<DB>('book', migrations);
        this.db = database.db as unknown as Kysely<BookDatabase>;
        this.#closeDatabase = database.close;
        return { ...database, db: database.db.withPlugin(this.outage) };
      },
    });
    return this;
  }

  /** A plan request as the gateway sends it; each call is a new HTTP request unless `requestId` is given. */
  create(userId: string, plan: Partial<PlanRequest> = {}, requestId: string = randomUUID()) {
    return this.bus.request(requests.book.create, { userId, plan: { ...planRequest, ...plan }, requestId });
  }

  events(name: string, bookId: string): SeenEvent['data'][] {
    return this.seen.filter((e) => e.name === name && e.data.bookId === bookId).map((e) => e.data);
  }

  /** Resolves once `check` holds, polling the service's own state. */
  async until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async status(userId: string, bookId: string) {
    return (await this.bus.request(requests.book.get, { userId, bookId })).status;
  }

  /** Idempotent: a test may stop the world itself to see the service stop. */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    await this.#service?.stop();
    await this.#observer?.stop();
    await this.billing.stop();
    await this.bus.close();
    await this.#closeDatabase?.();
    if (this.#blobDir) await rm(this.#blobDir, { recursive: true, force: true });
  }
}

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

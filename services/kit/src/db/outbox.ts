import { randomUUID } from 'node:crypto';
import { currentCorrelationId } from '../correlation/correlation';
import { trackOutbox } from './outbox-metrics';
import { sql, type Generated, type Insertable, type Kysely } from 'kysely';
import { z } from 'zod';
import { events as contractEvents } from '@bookwright/contracts/events';
import { type AnyEventDef } from '@bookwright/contracts/bus';
import { cutAtGrapheme } from '@bookwright/contracts/text';
import type { Bus } from '../bus/bus';
import type { Logger } from '../logger/logger';
import type { Migration } from './database';

/**
 * The transactional outbox: an event is published if and only if the change it announces was
 * committed. A service writes the event row with `enqueueEvent` in the same transaction as the
 * change; the `OutboxRelay` publishes committed rows afterwards, at least once, with the row id as the
 * bus dedup key (`Nats-Msg-Id`). Consumers are idempotent anyway and must not rely on the order of
 * events: a row that fails to publish is retried later while younger rows go ahead.
 */
export interface OutboxTable {
  id: string;
  /** Insertion order; ties in `created_at` (one transaction) would otherwise publish in random order. */
  seq: Generated<string>;
  event_name: string;
  event_version: number;
  payload: unknown;
  correlation_id: string | null;
  created_at: Generated<Date>;
  published_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** When a relay may try the row: pushed ahead while a relay holds it and after a failure (back-off). */
  next_attempt_at: Generated<Date>;
}

/** Add to a service's table interface: `type DB = BookTables & OutboxDatabase`. */
export interface OutboxDatabase {
  outbox: OutboxTable;
}

/** Put first in every service's migration list. */
export const outboxMigration: Migration = {
  name: '0000_outbox',
  async up(db) {
    await db.schema
      .createTable('outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
      .addColumn('event_name', 'text', (c) => c.notNull())
      .addColumn('event_version', 'integer', (c) => c.notNull())
      .addColumn('payload', 'jsonb', (c) => c.notNull())
      .addColumn('correlation_id', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('published_at', 'timestamptz')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    // Only unpublished rows are ever searched; published ones are kept for a while and then purged.
    await db.schema
      .createIndex('outbox_unpublished')
      .on('outbox')
      .columns(['seq'])
      .where(sql.ref('published_at'), 'is', null)
      .execute();
    await db.schema.createIndex('outbox_published_at').on('outbox').column('published_at').execute();
  },
};

export interface EnqueueOptions {
  /** The event id and bus dedup key; default a new UUID. A retried command passes a deterministic one. */
  id?: string;
  /** Default: the correlation id of the request or event being handled. */
  correlationId?: string;
}

/**
 * The outbox row of an event, checked against the event's schema: what `enqueueEvent` inserts. For a
 * caller that inserts it in the statement making the change (a data-modifying CTE), so the change and its
 * event cost one round trip; the rule is the same: the same transaction.
 */
export function outboxRow<D extends AnyEventDef>(
  def: D,
  data: z.input<D['schema']>,
  options: EnqueueOptions = {},
): Insertable<OutboxTable> & { id: string } {
  return checkedOutboxRow(def, data, options).row;
}

/** The row, and the payload as the relay would read it back: what `OutboxRelay.hold` publishes itself. */
function checkedOutboxRow<D extends AnyEventDef>(def: D, data: z.input<D['schema']>, options: EnqueueOptions) {
  // Validate what will travel: the JSON form, exactly as the relay will hand it to the bus.
  const serialised = JSON.stringify(data);
  if (serialised === undefined) throw new Error(`event ${def.name} v${def.version}: payload is not JSON`);
  const payload: unknown = JSON.parse(serialised);
  const checked = def.schema.safeParse(payload);
  if (!checked.success) {
    throw new Error(
      `event ${def.name} v${def.version}: payload does not match its schema\n${z.prettifyError(checked.error)}`,
    );
  }
  const row = {
    id: options.id ?? randomUUID(),
    event_name: def.name,
    event_version: def.version,
    // A string, not the object: node-postgres would turn a top-level array into a PostgreSQL array.
    payload: serialised,
    correlation_id: options.correlationId ?? currentCorrelationId() ?? null,
  } satisfies Insertable<OutboxTable>;
  return { row, payload };
}

/** An event its writer publishes itself once its transaction has committed (`OutboxRelay.hold`). */
interface HeldEvent {
  def: AnyEventDef;
  id: string;
  payload: unknown;
  correlationId: string | null;
}

/**
 * What each open transaction wrote to the outbox, for `OutboxRelay.committed`: the events it holds, and
 * whether it also wrote rows only the relay's claim will find. Keyed by the transaction object, so an
 * entry goes with the transaction when nobody commits it (a rollback).
 */
const writtenByTransaction = new WeakMap<object, { held: HeldEvent[]; unheld: boolean }>();

function writtenBy(executor: object) {
  let written = writtenByTransaction.get(executor);
  if (!written) {
    written = { held: [], unheld: false };
    writtenByTransaction.set(executor, written);
  }
  return written;
}

/**
 * Records an event to publish once the surrounding transaction commits. Call it with the transaction
 * that makes the change (`db.transaction().execute(async (trx) => { …; await enqueueEvent(trx, …) })`),
 * then `relay.kick()` after the commit. The data is checked against the event's schema here, so a bad
 * payload fails the change instead of failing later in the relay. Returns the event id.
 */
export async function enqueueEvent<D extends AnyEventDef>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's handle or transaction
  executor: Kysely<any>,
  def: D,
  data: z.input<D['schema']>,
  options: EnqueueOptions = {},
): Promise<string> {
  const row = outboxRow(def, data, options);
  await (executor as Kysely<OutboxDatabase>).insertInto('outbox').values(row).execute();
  writtenBy(executor).unheld = true;
  return row.id;
}

export interface OutboxRelayOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's handle
  db: Kysely<any>;
  bus: Pick<Bus, 'publish'>;
  logger: Logger;
  /** Event definitions to look rows up in (by name and version). Default: the contracts registry. */
  events?: Record<string, AnyEventDef>;
  /** How often to look for rows nobody kicked about (another replica's, or retries). Default 1 000 ms. */
  pollIntervalMs?: number;
  /** Rows claimed per round. Default 100. */
  batchSize?: number;
  /** First retry delay of a failed row, doubled per attempt. Default 1 000 ms. */
  retryBaseMs?: number;
  /** Longest retry delay. Default 5 minutes. */
  retryMaxMs?: number;
  /** How long a claimed row stays hidden from other relays; a crashed relay's rows return after it. Default 60 s. */
  claimTimeoutMs?: number;
  /** Published rows are deleted after this long. Default 7 days. */
  retainPublishedMs?: number;
}

interface ClaimedRow {
  id: string;
  seq: string;
  event_name: string;
  event_version: number;
  payload: unknown;
  correlation_id: string | null;
  attempts: number;
}

const PURGE_EVERY_MS = 60 * 60 * 1000;
const MAX_ERROR_LENGTH = 2000;
/** How long published held rows gather before one statement marks them all. */
const MARK_AFTER_MS = 200;

/**
 * Publishes committed outbox rows, oldest first. Rows are claimed with `FOR UPDATE SKIP LOCKED` in one
 * short statement that also pushes their `next_attempt_at` ahead, so several relays (replicas) never
 * send the same row at the same time, and no transaction stays open while the bus is called (on PGlite
 * that would hold the connection every service in the process shares). A crash after publishing but
 * before marking the row re-sends it once the claim times out; the bus drops that duplicate by id.
 */
export class OutboxRelay {
  readonly #db: Kysely<OutboxDatabase>;
  readonly #bus: Pick<Bus, 'publish'>;
  readonly #logger: Logger;
  readonly #defs = new Map<string, AnyEventDef>();
  readonly #pollIntervalMs: number;
  readonly #batchSize: number;
  readonly #retryBaseMs: number;
  readonly #retryMaxMs: number;
  readonly #claimTimeoutMs: number;
  readonly #retainPublishedMs: number;

  #loop: Promise<void> | undefined;
  #stopping = false;
  #kicked = false;
  #wake: (() => void) | undefined;
  #acceptKicks = true;
  #consecutiveFailures = 0;
  /** Whether the last failed round failed on the bus (a publish), not on the database. */
  #busFailed = false;
  #lastPurge = 0;
  /** Held rows published by `committed` and not yet marked: marked together, one statement per batch. */
  #toMark: string[] = [];
  #marking: Promise<void> | undefined;
  #markTimer: NodeJS.Timeout | undefined;
  readonly #publishing = new Set<Promise<void>>();
  #untrack: (() => void) | undefined;
  /** The service whose outbox this is (from the logger's bindings), for the backlog metric. */
  readonly service: string;

  constructor(options: OutboxRelayOptions) {
    this.#db = options.db as Kysely<OutboxDatabase>;
    this.#bus = options.bus;
    this.#logger = options.logger.child({ component: 'outbox-relay' });
    this.service = String(options.logger.bindings().service ?? 'unknown');
    for (const def of Object.values(options.events ?? contractEvents))
      this.#defs.set(defKey(def.name, def.version), def);
    this.#pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.#batchSize = options.batchSize ?? 100;
    this.#retryBaseMs = options.retryBaseMs ?? 1000;
    this.#retryMaxMs = options.retryMaxMs ?? 5 * 60 * 1000;
    this.#claimTimeoutMs = options.claimTimeoutMs ?? 60_000;
    this.#retainPublishedMs = options.retainPublishedMs ?? 7 * 24 * 60 * 60 * 1000;
  }

  /** Starts polling. Idempotent. */
  start(): void {
    if (this.#loop) return;
    this.#stopping = false;
    this.#untrack = trackOutbox(this);
    this.#loop = this.#run();
  }

  /** Publish soon: call after committing a transaction that enqueued events. */
  kick(): void {
    this.#kicked = true;
    if (this.#acceptKicks) this.#wake?.();
  }

  /**
   * The outbox row of an event that the transaction `trx` writes and that its writer publishes itself
   * right after the commit (`committed(trx)`), instead of waking the relay to claim it: the row is written
   * already claimed (`next_attempt_at` a claim timeout ahead), so no relay sends it meanwhile, and if the
   * writer dies before publishing, the relay's polling sends it once the claim runs out. Saves the claim's
   * round trip on the request path: on PGlite every statement waits for the one before it, whoever sent it.
   * Insert the row in the transaction (with `insertInto('outbox')` or in the statement making the change).
   */
  hold<D extends AnyEventDef>(
    /** The transaction; for a change made in one autocommit statement, any object that stands for it. */
    trx: object,
    def: D,
    data: z.input<D['schema']>,
    options: EnqueueOptions = {},
  ): Insertable<OutboxTable> & { id: string } {
    const { row, payload } = checkedOutboxRow(def, data, options);
    writtenBy(trx).held.push({ def, id: row.id, payload, correlationId: row.correlation_id });
    return { ...row, next_attempt_at: new Date(Date.now() + this.#claimTimeoutMs) };
  }

  /**
   * `hold`, with the row inserted into `trx`'s outbox here: for a change that is not one statement of its
   * own (a chapter written with its progress event). Publish with `committed(trx)` after the commit.
   */
  async enqueueHeld<D extends AnyEventDef>(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's transaction
    trx: Kysely<any>,
    def: D,
    data: z.input<D['schema']>,
    options: EnqueueOptions = {},
  ): Promise<string> {
    const row = this.hold(trx, def, data, options);
    await (trx as Kysely<OutboxDatabase>).insertInto('outbox').values(row).execute();
    return row.id;
  }

  /**
   * Call after `trx` committed, in place of `kick()`: publishes the events it holds (`hold`) and wakes
   * the relay for any row it wrote otherwise (or when it is not known to have written any: a row inserted
   * by hand). Never throws: an event that fails to publish is handed back to the relay, which retries it.
   */
  committed(trx: object): void {
    const written = writtenByTransaction.get(trx);
    writtenByTransaction.delete(trx);
    if (!written || written.unheld) this.kick();
    if (!written || written.held.length === 0) return;
    // After the caller's answer, not before it: the writer usually answers its request in the same turn of
    // the event loop, and checking, encoding and sending the event first would make the request wait.
    const publishing = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
      this.#publishHeld(written.held),
    );
    this.#publishing.add(publishing);
    void publishing.finally(() => this.#publishing.delete(publishing));
  }

  async #publishHeld(held: HeldEvent[]): Promise<void> {
    for (const [index, event] of held.entries()) {
      try {
        await this.#bus.publish(event.def, event.payload, {
          id: event.id,
          correlationId: event.correlationId ?? undefined,
        });
      } catch (error) {
        this.#logger.warn(
          { err: error, eventId: event.id, event: event.def.name },
          'held outbox event failed to publish; the relay will retry it',
        );
        await this.#unclaim(held.slice(index).map((e) => e.id)).catch((unclaimError: unknown) =>
          this.#logger.warn(
            { err: unclaimError },
            'could not hand held outbox events back; they return after the claim timeout',
          ),
        );
        this.kick();
        return;
      }
      this.#logger.debug(
        { eventId: event.id, event: event.def.name, version: event.def.version },
        'outbox event published',
      );
      this.#toMark.push(event.id);
    }
    this.#markSoon();
  }

  /**
   * Marks published held rows a moment later, all that gathered in one statement: a save answered every
   * few milliseconds would otherwise pay for its own mark in the next save's wait for the database.
   * Until marked, a row is still claimed, so nobody sends it again unless this process dies first.
   */
  #markSoon(): void {
    if (this.#markTimer || this.#marking) return;
    this.#markTimer = setTimeout(() => {
      this.#markTimer = undefined;
      void this.#markPublished();
    }, MARK_AFTER_MS);
    this.#markTimer.unref();
  }

  #markPublished(): Promise<void> {
    this.#marking ??= (async () => {
      while (this.#toMark.length > 0) {
        const ids = this.#toMark.splice(0, this.#batchSize);
        try {
          await this.#markAsPublished(ids);
        } catch (error) {
          // Published but not marked: the relay sends them again after the claim timeout (deduplicated by id).
          this.#logger.warn({ err: error, events: ids.length }, 'could not mark published outbox events');
        }
      }
    })().finally(() => {
      this.#marking = undefined;
      // Ids that arrived while the last statement ran.
      if (this.#toMark.length > 0) this.#markSoon();
    });
    return this.#marking;
  }

  /** Stops polling after the current batch, and marks what was published. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#untrack?.();
    this.#wake?.();
    await this.#loop;
    this.#loop = undefined;
    await Promise.all(this.#publishing);
    clearTimeout(this.#markTimer);
    this.#markTimer = undefined;
    await this.#markPublished();
  }

  /** Committed rows not yet published. */
  async backlog(): Promise<number> {
    const row = await this.#db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('published_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Publishes every row that is due now and returns how many were published; stops at the first
   * failure (the bus is probably down). The polling loop uses it; tests and shutdown code may too.
   */
  async publishPending(): Promise<number> {
    let published = 0;
    this.#busFailed = false;
    for (;;) {
      const rows = await this.#claim();
      const outcome = await this.#publishBatch(rows);
      published += outcome.published;
      if (outcome.failed) {
        this.#busFailed = true;
        throw outcome.failed;
      }
      if (rows.length < this.#batchSize || this.#stopping) return published;
    }
  }

  async #run(): Promise<void> {
    while (!this.#stopping) {
      this.#kicked = false;
      let delay = this.#pollIntervalMs;
      try {
        await this.publishPending();
        this.#consecutiveFailures = 0;
        await this.#purgeIfDue();
      } catch (error) {
        this.#consecutiveFailures += 1;
        delay = Math.max(delay, this.#retryDelay(this.#consecutiveFailures));
        this.#logger.warn({ err: error, retryInMs: delay }, 'outbox relay round failed');
      }
      if (this.#stopping) break;
      // A kick that arrived during the round may be about rows committed after its claim.
      if (this.#kicked && this.#consecutiveFailures === 0) continue;
      // While the bus fails, kicks do not cut the back-off short: each would cost one more failed publish.
      // While the database fails they do: a kick follows a commit, so the database answers again, and the
      // events of a long outage go out with it instead of after a back-off of up to retryMaxMs.
      await this.#sleep(delay, this.#consecutiveFailures === 0 || !this.#busFailed);
    }
  }

  async #sleep(ms: number, acceptKicks: boolean): Promise<void> {
    this.#acceptKicks = acceptKicks;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    });
    this.#wake = undefined;
    this.#acceptKicks = true;
  }

  async #claim(): Promise<ClaimedRow[]> {
    // One statement is one transaction: the row locks taken by the subquery's SKIP LOCKED are held
    // until the claim (the moved next_attempt_at) is committed, which then hides the rows from others.
    const rows = await this.#db
      .updateTable('outbox')
      .set({ next_attempt_at: sql<Date>`now() + make_interval(secs => ${this.#claimTimeoutMs / 1000})` })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('outbox')
          .select('id')
          .where('published_at', 'is', null)
          .where('next_attempt_at', '<=', sql<Date>`now()`)
          .orderBy('seq')
          .limit(this.#batchSize)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'seq', 'event_name', 'event_version', 'payload', 'correlation_id', 'attempts'])
      .execute();
    // RETURNING has no order of its own.
    return rows.sort((a, b) => (BigInt(a.seq) < BigInt(b.seq) ? -1 : 1));
  }

  async #publishBatch(rows: ClaimedRow[]): Promise<{ published: number; failed?: unknown }> {
    let published = 0;
    for (const [index, row] of rows.entries()) {
      const def = this.#defs.get(defKey(row.event_name, row.event_version));
      try {
        if (!def) {
          throw new Error(`event ${row.event_name} v${row.event_version} is not in this relay's event registry`);
        }
        await this.#bus.publish(def, row.payload, { id: row.id, correlationId: row.correlation_id ?? undefined });
      } catch (error) {
        await this.#markFailed(row, error);
        if (!def) continue; // Only this row is bad; the rest of the batch can still go.
        // The bus is probably unavailable: hand the untried rows back at once rather than holding them
        // for the claim timeout, and let the caller back off.
        await this.#unclaim(rows.slice(index + 1).map((r) => r.id));
        return { published, failed: error };
      }
      await this.#markAsPublished([row.id]);
      this.#logger.debug(
        { eventId: row.id, event: row.event_name, version: row.event_version },
        'outbox event published',
      );
      published += 1;
    }
    return { published };
  }

  async #markAsPublished(ids: string[]): Promise<void> {
    await this.#db
      .updateTable('outbox')
      .set({ published_at: sql<Date>`now()`, attempts: sql<number>`attempts + 1` })
      .where('id', 'in', ids)
      .execute();
  }

  async #markFailed(row: ClaimedRow, error: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    const retryInMs = this.#retryDelay(attempts);
    const message = cutAtGrapheme(error instanceof Error ? error.message : String(error), MAX_ERROR_LENGTH);
    await this.#db
      .updateTable('outbox')
      .set({
        attempts,
        last_error: message,
        next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryInMs / 1000})`,
      })
      .where('id', '=', row.id)
      .execute();
    const log = { eventId: row.id, event: row.event_name, version: row.event_version, attempts, retryInMs, err: error };
    // A few failures are an outage being ridden out; many mean someone has to look.
    if (attempts >= 5) this.#logger.error(log, 'outbox event keeps failing to publish');
    else this.#logger.warn(log, 'outbox event failed to publish; will retry');
  }

  async #unclaim(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.#db
      .updateTable('outbox')
      .set({ next_attempt_at: sql<Date>`now()` })
      .where('id', 'in', ids)
      .execute();
  }

  async #purgeIfDue(): Promise<void> {
    if (Date.now() - this.#lastPurge < PURGE_EVERY_MS) return;
    this.#lastPurge = Date.now();
    const result = await this.#db
      .deleteFrom('outbox')
      .where('published_at', '<', sql<Date>`now() - make_interval(secs => ${this.#retainPublishedMs / 1000})`)
      .executeTakeFirst();
    if (result.numDeletedRows > 0n)
      this.#logger.debug({ deleted: Number(result.numDeletedRows) }, 'purged published outbox rows');
  }

  #retryDelay(attempts: number): number {
    return Math.min(this.#retryBaseMs * 2 ** Math.max(0, attempts - 1), this.#retryMaxMs);
  }
}

function defKey(name: string, version: number): string {
  return `${name}@v${version}`;
}

/**
 * Account deletion: published events about this user (their payload's `userId`) carry names and emails
 * that would otherwise wait out the retention period. Unpublished rows stay, so nothing is lost in flight.
 */
export async function forgetPublishedEventsOf(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's handle or transaction
  executor: Kysely<any>,
  userId: string,
): Promise<number> {
  const result = await (executor as Kysely<OutboxDatabase>)
    .deleteFrom('outbox')
    .where('published_at', 'is not', null)
    .where(sql<string>`payload->>'userId'`, '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

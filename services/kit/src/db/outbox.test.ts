import { setTimeout as sleep } from 'node:timers/promises';
import {
  sql,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEvent, type AnyEventDef } from '@bookwright/contracts/bus';
import type { Bus, PublishOptions } from '../bus/bus';
import { silentLogger } from '../logger/logger';
import type { Migration } from './database';
import { enqueueEvent, outboxMigration, OutboxRelay, type OutboxDatabase, type OutboxRelayOptions } from './outbox';
import { acquirePglite, type PgliteLease } from './pglite';
import { databaseBackends, TestDatabases, uniqueService } from './testing';

const thingHappened = defineEvent({
  name: 'test.thing.happened',
  version: 1,
  schema: z.object({ thingId: z.string(), tags: z.array(z.string()).default([]) }),
  description: 'A test event.',
});
const testEvents = { thingHappened } satisfies Record<string, AnyEventDef>;

type Db = OutboxDatabase & { things: { id: string } };
const thingsMigration: Migration = {
  name: '0001_things',
  async up(db) {
    await db.schema
      .createTable('things')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .execute();
  },
};
const migrations = [outboxMigration, thingsMigration];

interface Published {
  def: AnyEventDef;
  data: unknown;
  options: PublishOptions | undefined;
}

/** Records what is published; the first `failFirst` calls throw as if the bus were down. */
function fakeBus(failFirst = 0): Pick<Bus, 'publish'> & { published: Published[]; calls: number } {
  const bus = {
    published: [] as Published[],
    calls: 0,
    async publish(def: AnyEventDef, data: unknown, options?: PublishOptions): Promise<void> {
      bus.calls += 1;
      await sleep(1);
      if (bus.calls <= failFirst) throw new Error('bus unavailable');
      bus.published.push({ def, data, options });
    },
  };
  return bus;
}

/** While `down`, every statement through it fails as a PostgreSQL that is not there would. */
class DatabaseOutage implements KyselyPlugin {
  down = true;
  statements = 0;

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.statements += 1;
    if (this.down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

async function createThing(db: Kysely<Db>, id: string, options: { rollback?: boolean } = {}): Promise<string> {
  let eventId = '';
  await db
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('things').values({ id }).execute();
      eventId = await enqueueEvent(trx, thingHappened, { thingId: id }, { correlationId: `req-${id}` });
      if (options.rollback) throw new Error('rolled back on purpose');
    })
    .catch((error: unknown) => {
      if (!options.rollback) throw error;
    });
  return eventId;
}

for (const backend of databaseBackends(process.env.DATABASE_URL)) {
  describe.skipIf(backend.skip)(`outbox on ${backend.name}`, () => {
    const dbs = new TestDatabases(backend.databaseUrl);
    const relays: OutboxRelay[] = [];
    let pinned: PgliteLease | undefined;

    const relayFor = (
      db: Kysely<Db>,
      bus: Pick<Bus, 'publish'>,
      options: Partial<OutboxRelayOptions> = {},
    ): OutboxRelay => {
      const relay = new OutboxRelay({
        db,
        bus,
        logger: silentLogger(),
        events: testEvents,
        pollIntervalMs: 20,
        retryBaseMs: 20,
        ...options,
      });
      relays.push(relay);
      return relay;
    };

    beforeAll(async () => {
      if (!backend.databaseUrl) pinned = await acquirePglite(undefined);
    });
    afterAll(async () => {
      await pinned?.release();
    });
    afterEach(async () => {
      await Promise.all(relays.splice(0).map((r) => r.stop()));
      await dbs.cleanup();
    });

    it('publishes an event committed with its change, soon after a kick, with its id as the dedup key', async () => {
      const { db } = await dbs.open<Db>(uniqueService('things'), migrations);
      const bus = fakeBus();
      // A poll interval far longer than the test: only the kick can make it publish in time.
      const relay = relayFor(db, bus, { pollIntervalMs: 60_000 });
      relay.start();
      await sleep(200);

      const eventId = await createThing(db, 't1');
      relay.kick();
      await vi.waitFor(() => expect(bus.published).toHaveLength(1), { timeout: 5000 });

      expect(bus.published[0]).toEqual({
        def: thingHappened,
        data: { thingId: 't1' },
        options: { id: eventId, correlationId: 'req-t1' },
      });
      const row = await db.selectFrom('outbox').selectAll().where('id', '=', eventId).executeTakeFirstOrThrow();
      expect(row.published_at).toBeInstanceOf(Date);
      expect(row.attempts).toBe(1);
      expect(row.event_name).toBe('test.thing.happened');
      expect(row.event_version).toBe(1);
    });

    it('publishes nothing for a transaction that rolled back', async () => {
      const { db } = await dbs.open<Db>(uniqueService('things'), migrations);
      const bus = fakeBus();
      await createThing(db, 'gone', { rollback: true });
      await createThing(db, 'kept');

      const relay = relayFor(db, bus);
      expect(await relay.publishPending()).toBe(1);
      expect(bus.published.map((p) => p.data)).toEqual([{ thingId: 'kept' }]);
      expect(await db.selectFrom('outbox').select('id').execute()).toHaveLength(1);
    });

    it('rejects a payload that does not match the event schema, failing the change with it', async () => {
      const { db } = await dbs.open<Db>(uniqueService('things'), migrations);
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.insertInto('things').values({ id: 'bad' }).execute();
          // @ts-expect-error -- thingId must be a string
          await enqueueEvent(trx, thingHappened, { thingId: 42 });
        }),
      ).rejects.toThrow(/test.thing.happened v1: payload does not match/);
      expect(await db.selectFrom('things').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('outbox').selectAll().execute()).toEqual([]);
    });

    it('retries with back-off while the bus fails and publishes once it recovers', async () => {
      const { db } = await dbs.open<Db>(uniqueService('things'), migrations);
      const bus = fakeBus(3);
      const eventId = await createThing(db, 't1');

      const relay = relayFor(db, bus);
      relay.start();
      await vi.waitFor(() => expect(bus.published).toHaveLength(1), { timeout: 10_000 });
      await relay.stop();

      expect(bus.calls).toBe(4);
      expect(bus.published[0]?.options?.id).toBe(eventId);
      const row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
      expect(row.attempts).toBe(4);
      expect(row.last_error).toBe('bus unavailable');
      expect(row.published_at).toBeInstanceOf(Date);
    });

    it('goes back to work on the first kick after a database outage, not after its back-off', async () => {
      const { db } = await dbs.open<Db>(uniqueService('things'), migrations);
      const outage = new DatabaseOutage();
      const bus = fakeBus();
      // A back-off far longer than the test: only the kick can bring the relay back in time.
      const relay = relayFor(db.withPlugin(outage), bus, { retryBaseMs: 120_000, retryMaxMs: 120_000 });
      relay.start();
      await vi.waitFor(() => expect(outage.statements).toBeGreaterThan(0));
      await sleep(50); // the failed round is over: the relay sleeps out its back-off
      outage.down = false;
      const eventId = await createThing(db, 'after-outage');
      relay.kick(); // as every service does after a commit: the database answers again
      await vi.waitFor(() => expect(bus.published.map((p) => p.options?.id)).toEqual([eventId]), { timeout: 10_000 });
    });

    it('does not cut a bus outage’s back-off short on a kick (each would be one more failed publish)', async () => {
      const { db } = await dbs.open<Db>(uniqueService('things'), migrations);
      const bus = fakeBus(1);
      await createThing(db, 'first');
      const relay = relayFor(db, bus, { retryBaseMs: 120_000, retryMaxMs: 120_000 });
      relay.start();
      await vi.waitFor(() => expect(bus.calls).toBe(1));
      await createThing(db, 'second');
      relay.kick();
      await sleep(300);
      expect(bus.calls).toBe(1);
      expect(bus.published).toEqual([]);
    });

    it('publishes rows in the order they were written, and rows behind an unknown event still go', async () => {
      const { db } = await dbs.open<Db>(uniqueService('things'), migrations);
      await db.transaction().execute(async (trx) => {
        for (const id of ['a', 'b', 'c']) await enqueueEvent(trx, thingHappened, { thingId: id });
      });
      await db
        .insertInto('outbox')
        .values({ id: 'orphan', event_name: 'test.unknown', event_version: 1, payload: '{}', correlation_id: null })
        .execute();
      await enqueueEvent(db, thingHappened, { thingId: 'd' });

      const bus = fakeBus();
      expect(await relayFor(db, bus).publishPending()).toBe(4);
      expect(bus.published.map((p) => (p.data as { thingId: string }).thingId)).toEqual(['a', 'b', 'c', 'd']);
      const orphan = await db.selectFrom('outbox').selectAll().where('id', '=', 'orphan').executeTakeFirstOrThrow();
      expect(orphan.published_at).toBeNull();
      expect(orphan.last_error).toMatch(/not in this relay's event registry/);
    });

    it('lets two relays (replicas) work the same outbox without sending a row twice', async () => {
      const service = uniqueService('things');
      const first = await dbs.open<Db>(service, migrations);
      // A second handle, as a replica would have: its own pool on PostgreSQL, the shared instance on PGlite.
      const second = await dbs.open<Db>(service, migrations);
      const ids: string[] = [];
      for (let i = 0; i < 60; i += 1) ids.push(await enqueueEvent(first.db, thingHappened, { thingId: `t${i}` }));

      const bus = fakeBus();
      const relays = [relayFor(first.db, bus, { batchSize: 7 }), relayFor(second.db, bus, { batchSize: 7 })];
      for (const relay of relays) relay.start();
      await Promise.all([relays[0]!.publishPending(), relays[1]!.publishPending()]);
      await vi.waitFor(() => expect(bus.published).toHaveLength(60), { timeout: 10_000 });
      await sleep(100);

      const sentIds = bus.published.map((p) => p.options?.id);
      expect(new Set(sentIds).size).toBe(60);
      expect(sentIds.sort()).toEqual(ids.sort());
      const unpublished = await first.db.selectFrom('outbox').select('id').where('published_at', 'is', null).execute();
      expect(unpublished).toEqual([]);
    });

    it('hands a crashed relay’s claimed rows to another relay after the claim times out', async () => {
      const { db } = await dbs.open<Db>(uniqueService('things'), migrations);
      const eventId = await enqueueEvent(db, thingHappened, { thingId: 'x' });
      // A relay that claims and then dies before publishing: simulated by claiming directly.
      await db
        .updateTable('outbox')
        .set({ next_attempt_at: sql<Date>`now() + interval '1500 milliseconds'` })
        .where('id', '=', eventId)
        .execute();

      const bus = fakeBus();
      const relay = relayFor(db, bus);
      expect(await relay.publishPending()).toBe(0);
      relay.start();
      await vi.waitFor(() => expect(bus.published.map((p) => p.options?.id)).toEqual([eventId]), { timeout: 10_000 });
    });

    describe('events a writer holds and publishes itself after its commit', () => {
      async function holdThing(
        db: Kysely<Db>,
        relay: OutboxRelay,
        id: string,
        options: { rollback?: boolean; alsoEnqueue?: boolean; publish?: boolean } = {},
      ): Promise<string> {
        let eventId = '';
        let committed: Kysely<Db> | undefined;
        await db
          .transaction()
          .execute(async (trx) => {
            committed = trx;
            await trx.insertInto('things').values({ id }).execute();
            const row = relay.hold(trx, thingHappened, { thingId: id }, { correlationId: `req-${id}` });
            eventId = row.id;
            await trx.insertInto('outbox').values(row).execute();
            if (options.alsoEnqueue) await enqueueEvent(trx, thingHappened, { thingId: `${id}-enqueued` });
            if (options.rollback) throw new Error('rolled back on purpose');
          })
          .catch((error: unknown) => {
            if (!options.rollback) throw error;
          });
        if (!options.rollback && options.publish !== false && committed) relay.committed(committed);
        return eventId;
      }

      const publishedRow = (db: Kysely<Db>, id: string) =>
        db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

      it('publishes it right after the commit, with no relay polling or kicked, and marks it', async () => {
        const { db } = await dbs.open<Db>(uniqueService('things'), migrations);
        const bus = fakeBus();
        const relay = relayFor(db, bus); // never started: only `committed` can publish

        const eventId = await holdThing(db, relay, 'h1');
        await vi.waitFor(() => expect(bus.published).toHaveLength(1), { timeout: 5000 });
        expect(bus.published[0]).toEqual({
          def: thingHappened,
          data: { thingId: 'h1' },
          options: { id: eventId, correlationId: 'req-h1' },
        });
        await vi.waitFor(async () => expect((await publishedRow(db, eventId)).published_at).toBeInstanceOf(Date), {
          timeout: 5000,
        });
        expect((await publishedRow(db, eventId)).attempts).toBe(1);
        expect(await relay.backlog()).toBe(0);
      });

      it('is hidden from polling relays until its writer publishes it', async () => {
        const { db } = await dbs.open<Db>(uniqueService('things'), migrations);
        const bus = fakeBus();
        const writer = relayFor(db, bus);
        const eventId = await holdThing(db, writer, 'h1', { publish: false });
        const other = relayFor(db, bus);
        expect(await other.publishPending()).toBe(0);
        expect(bus.published).toEqual([]);
        expect(await other.backlog()).toBe(1);
        expect((await publishedRow(db, eventId)).published_at).toBeNull();
      });

      it('is sent by the relay once the claim runs out when its writer died before publishing it', async () => {
        const { db } = await dbs.open<Db>(uniqueService('things'), migrations);
        const bus = fakeBus();
        const writer = relayFor(db, bus, { claimTimeoutMs: 1500 });
        const eventId = await holdThing(db, writer, 'h1', { publish: false }); // the writer "crashed"
        const relay = relayFor(db, bus);
        relay.start();
        await sleep(300);
        expect(bus.published).toEqual([]);
        await vi.waitFor(() => expect(bus.published.map((p) => p.options?.id)).toEqual([eventId]), { timeout: 10_000 });
      });

      it('never publishes the event of a transaction that rolled back', async () => {
        const { db } = await dbs.open<Db>(uniqueService('things'), migrations);
        const bus = fakeBus();
        const relay = relayFor(db, bus);
        await holdThing(db, relay, 'gone', { rollback: true });
        await sleep(100);
        expect(bus.published).toEqual([]);
        expect(await db.selectFrom('outbox').selectAll().execute()).toEqual([]);
      });

      it('hands an event that failed to publish back to the relay at once', async () => {
        const { db } = await dbs.open<Db>(uniqueService('things'), migrations);
        const bus = fakeBus(1);
        // Claims far longer than the test: only the hand-back lets the polling relay send it in time.
        const relay = relayFor(db, bus, { claimTimeoutMs: 600_000 });
        relay.start();
        await sleep(100);
        const eventId = await holdThing(db, relay, 'h1');
        await vi.waitFor(() => expect(bus.published.map((p) => p.options?.id)).toEqual([eventId]), { timeout: 10_000 });
        expect(bus.calls).toBe(2);
      });

      it('wakes the relay for the rows the same transaction enqueued', async () => {
        const { db } = await dbs.open<Db>(uniqueService('things'), migrations);
        const bus = fakeBus();
        const relay = relayFor(db, bus, { pollIntervalMs: 60_000 });
        relay.start();
        await sleep(200); // past the first round: from here only a kick publishes in time
        await holdThing(db, relay, 'h1', { alsoEnqueue: true });
        await vi.waitFor(
          () =>
            expect(bus.published.map((p) => (p.data as { thingId: string }).thingId).sort()).toEqual([
              'h1',
              'h1-enqueued',
            ]),
          { timeout: 5000 },
        );
      });

      it('marks many published events together, and all of them by the end of stop()', async () => {
        const { db } = await dbs.open<Db>(uniqueService('things'), migrations);
        const bus = fakeBus();
        const relay = relayFor(db, bus);
        const ids: string[] = [];
        for (let n = 0; n < 5; n += 1) ids.push(await holdThing(db, relay, `h${n}`));
        await relay.stop();
        expect(bus.published.map((p) => p.options?.id)).toEqual(ids);
        const rows = await db.selectFrom('outbox').select(['id', 'published_at', 'attempts']).execute();
        expect(rows.every((r) => r.published_at instanceof Date && r.attempts === 1)).toBe(true);
        // One statement marked them, so they share its now().
        expect(new Set(rows.map((r) => r.published_at?.getTime())).size).toBe(1);
      });
    });

    it('stops polling on stop()', async () => {
      const { db } = await dbs.open<Db>(uniqueService('things'), migrations);
      const bus = fakeBus();
      const relay = relayFor(db, bus);
      relay.start();
      await relay.stop();
      await createThing(db, 'late');
      relay.kick();
      await sleep(100);
      expect(bus.published).toEqual([]);
    });
  });
}

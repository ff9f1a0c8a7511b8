import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../logger/logger';
import { openServiceDatabase, type Migration } from './database';
import { prepared } from './prepared-statements';
import { acquirePglite, openPgliteInstances, type PgliteLease } from './pglite';
import { schemaNameFor } from './schema-name';
import { databaseBackends, TestDatabases, uniqueService } from './testing';

interface ItemsDb {
  items: { id: string; label: string };
}

/** A migration that counts its runs, so a test can tell "ran once" from "ran again". */
type MigrationDb = Parameters<Migration['up']>[0];

function countingMigration(name: string, body: (db: MigrationDb) => Promise<void>): Migration & { runs: number } {
  const migration = {
    name,
    runs: 0,
    async up(db: MigrationDb) {
      migration.runs += 1;
      await body(db);
    },
  };
  return migration;
}

const createItems = (): Migration & { runs: number } =>
  countingMigration('0001_items', async (db) => {
    await db.schema
      .createTable('items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('label', 'text', (c) => c.notNull())
      .execute();
  });

describe('schemaNameFor', () => {
  it('sanitises service names to [a-z0-9_]', () => {
    expect(schemaNameFor('user')).toBe('user');
    expect(schemaNameFor('User-Svc')).toBe('user_svc');
    expect(schemaNameFor('3d.render')).toBe('s_3d_render');
    expect(() => schemaNameFor('---')).toThrow(/schema/);
    expect(() => schemaNameFor('pg_catalog')).toThrow(/pg_/);
  });
});

for (const backend of databaseBackends(process.env.DATABASE_URL)) {
  describe.skipIf(backend.skip)(`service database on ${backend.name}`, () => {
    const dbs = new TestDatabases(backend.databaseUrl);
    let pinned: PgliteLease | undefined;

    // One in-memory PGlite for the whole suite: starting one takes a second or two.
    beforeAll(async () => {
      if (!backend.databaseUrl) pinned = await acquirePglite(undefined);
    });
    afterAll(async () => {
      await pinned?.release();
    });
    afterEach(async () => {
      await dbs.cleanup();
    });

    it('creates the schema, runs the migrations in it and points search_path at it', async () => {
      const items = createItems();
      const service = uniqueService('catalog');
      const { db, schema } = await dbs.open<ItemsDb>(service, [items]);

      expect(schema).toBe(schemaNameFor(service));
      expect(items.runs).toBe(1);
      const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
      expect(current.rows[0]?.schema).toBe(schema);
      const tables = await sql<{ table_schema: string; table_name: string }>`
        select table_schema, table_name from information_schema.tables
        where table_schema = ${schema} order by table_name`.execute(db);
      expect(tables.rows.map((r) => r.table_name)).toEqual(['items', 'kysely_migration', 'kysely_migration_lock']);

      await db.insertInto('items').values({ id: '1', label: 'one' }).execute();
      const raw = await sql<{ label: string }>`select label from items`.execute(db);
      expect(raw.rows).toEqual([{ label: 'one' }]);
    });

    it('introspects only its own schema, so another schema dropped meanwhile cannot fail its migrations', async () => {
      const mine = await dbs.open<ItemsDb>(uniqueService('mine'), [createItems()]);
      const theirs = await dbs.open<ItemsDb>(uniqueService('theirs'), [createItems()]);
      expect((await mine.db.introspection.getSchemas()).map((s) => s.name)).toEqual([mine.schema]);
      const tables = await mine.db.introspection.getTables();
      expect(tables.map((t) => `${t.schema}.${t.name}`)).toEqual(
        ['items', 'kysely_migration', 'kysely_migration_lock'].map((name) => `${mine.schema}.${name}`),
      );
      // Services migrating while others' schemas come and go (test files on one server, an operator
      // dropping a service): each start migrates its own schema and nothing else's absence reaches it.
      await sql`drop schema ${sql.id(theirs.schema)} cascade`.execute(mine.db);
      const churn = Array.from({ length: 6 }, (_, i) =>
        (async () => {
          const gone = `${mine.schema}_churn${i}`.slice(0, 63);
          await sql`create schema ${sql.id(gone)}`.execute(mine.db);
          await sql`create table ${sql.id(gone, 't')} (id int)`.execute(mine.db);
          await sql`drop schema ${sql.id(gone)} cascade`.execute(mine.db);
        })(),
      );
      const starts = Array.from({ length: 6 }, () => dbs.open<ItemsDb>(uniqueService('starts'), [createItems()]));
      const opened = await Promise.all([...starts, ...churn]);
      expect(opened.filter(Boolean)).toHaveLength(6);
    });

    it('runs each migration once across reopen, keeps the data, and applies only new migrations', async () => {
      const dataDir = await dbs.tempDir();
      const service = uniqueService('persist');
      const items = createItems();

      const first = await dbs.open<ItemsDb>(service, [items], { dataDir });
      await first.db.insertInto('items').values({ id: '1', label: 'kept' }).execute();
      await first.close();
      if (!backend.databaseUrl) expect(openPgliteInstances()).not.toContain(`${dataDir}/pglite`);

      const second = await dbs.open<ItemsDb>(service, [items], { dataDir });
      expect(items.runs).toBe(1);
      expect(await second.db.selectFrom('items').selectAll().execute()).toEqual([{ id: '1', label: 'kept' }]);
      await second.close();

      const addNote = countingMigration('0002_note', async (db) => {
        await db.schema.alterTable('items').addColumn('note', 'text').execute();
      });
      const third = await dbs.open<ItemsDb>(service, [items, addNote], { dataDir });
      expect(items.runs).toBe(1);
      expect(addNote.runs).toBe(1);
      const columns = await sql<{ column_name: string }>`
        select column_name from information_schema.columns
        where table_schema = ${third.schema} and table_name = 'items' order by column_name`.execute(third.db);
      expect(columns.rows.map((r) => r.column_name)).toEqual(['id', 'label', 'note']);
      await third.close();

      // A schema that has a migration the code no longer lists is refused, never silently accepted.
      await expect(dbs.open<ItemsDb>(service, [items], { dataDir })).rejects.toThrow(/migrating schema/);
    }, 90_000); // creating a PGlite data directory runs initdb: seconds, more on a busy machine

    it('lets several services and replicas open at the same time, each migration running once', async () => {
      const dataDir = await dbs.tempDir();
      const [a, b] = [uniqueService('alpha'), uniqueService('beta')];
      const [itemsA, itemsB] = [createItems(), createItems()];
      const opened = await Promise.all([
        dbs.open<ItemsDb>(a, [itemsA], { dataDir }),
        dbs.open<ItemsDb>(b, [itemsB], { dataDir }),
        dbs.open<ItemsDb>(a, [itemsA], { dataDir }),
        dbs.open<ItemsDb>(b, [itemsB], { dataDir }),
      ]);
      expect(itemsA.runs).toBe(1);
      expect(itemsB.runs).toBe(1);
      if (!backend.databaseUrl) {
        // One PGlite for the directory, shared by all four handles, closed with the last of them.
        expect(openPgliteInstances().filter((key) => key.startsWith(dataDir))).toHaveLength(1);
        await Promise.all(opened.map((d) => d.close()));
        expect(openPgliteInstances().filter((key) => key.startsWith(dataDir))).toHaveLength(0);
      }
    }, 90_000);

    it('keeps two services apart even with the same table names', async () => {
      const a = await dbs.open<ItemsDb>(uniqueService('books'), [createItems()]);
      const b = await dbs.open<ItemsDb>(uniqueService('users'), [createItems()]);
      await a.db.insertInto('items').values({ id: 'a', label: 'from a' }).execute();
      await b.db.insertInto('items').values({ id: 'b', label: 'from b' }).execute();
      await sql`insert into items (id, label) values ('a2', 'raw a')`.execute(a.db);

      expect(await a.db.selectFrom('items').select('id').orderBy('id').execute()).toEqual([{ id: 'a' }, { id: 'a2' }]);
      const rawB = await sql<{ id: string }>`select id from items order by id`.execute(b.db);
      expect(rawB.rows).toEqual([{ id: 'b' }]);
    });

    it('points each service at its own schema when services take turns on the one connection', async () => {
      const a = await dbs.open<ItemsDb>(uniqueService('turns_a'), [createItems()]);
      const b = await dbs.open<ItemsDb>(uniqueService('turns_b'), [createItems()]);
      const schemaOf = async (db: typeof a.db) =>
        (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema;
      expect(await schemaOf(a.db)).toBe(a.schema);
      const exec = pinned ? vi.spyOn(pinned.shared.pglite, 'exec') : undefined;
      for (const db of [a.db, a.db, b.db, a.db, b.db, b.db])
        expect(await schemaOf(db)).toBe(db === a.db ? a.schema : b.schema);
      // On PGlite search_path is set only when the schema in place is another service's: a, a, b, a, b, b
      // is three switches, each sent ahead of the statement that needs it, in the same message.
      const switches = () =>
        exec?.mock.calls.filter(([, prelude]) => prelude?.some((statement) => /^set search_path/.test(statement)))
          .length;
      if (exec) expect(switches()).toBe(3);

      // A switch sent with a transaction's BEGIN is not part of that transaction: its rollback keeps it.
      for (const db of [b.db, a.db]) {
        await expect(
          db.transaction().execute(async (trx) => {
            expect(await schemaOf(trx)).toBe(db === a.db ? a.schema : b.schema);
            throw new Error('rolled back on purpose');
          }),
        ).rejects.toThrow('rolled back on purpose');
        expect(await schemaOf(db)).toBe(db === a.db ? a.schema : b.schema);
      }

      // A service's own statement that moves search_path leaves it unknown; PGlite's driver sets it again.
      if (pinned) {
        await sql`set search_path to public`.execute(a.db);
        expect(await schemaOf(a.db)).toBe(a.schema);
        expect(await schemaOf(b.db)).toBe(b.schema);
        await a.db.transaction().execute(async (trx) => {
          await sql`set local search_path to public`.execute(trx);
          expect(await schemaOf(trx)).toBe('public');
        });
        expect(await schemaOf(a.db)).toBe(a.schema);
      }
      exec?.mockRestore();
    });

    it.runIf(!backend.databaseUrl)(
      'sends a transaction’s BEGIN with its first statement, and nothing for a transaction without one',
      async () => {
        const { db } = await dbs.open<ItemsDb>(uniqueService('begin'), [createItems()]);
        await db.selectFrom('items').selectAll().execute(); // search_path is in place from here on
        const handle = pinned!.shared.pglite;
        const exec = vi.spyOn(handle, 'exec');
        const query = vi.spyOn(handle, 'query');
        const messages = () => exec.mock.calls.length + query.mock.calls.length;

        await db.transaction().execute(async (trx) => {
          await trx.insertInto('items').values({ id: 'one', label: 'x' }).execute();
          await trx.insertInto('items').values({ id: 'two', label: 'x' }).execute();
        });
        // The first insert carries BEGIN; then the second insert and COMMIT.
        expect(messages()).toBe(3);
        expect(query.mock.calls[0]?.[2]).toEqual(['start transaction']);
        expect(exec.mock.calls.map(([text]) => text)).toEqual(['commit']);

        await db.transaction().execute(async () => undefined);
        await expect(
          db.transaction().execute(async () => {
            throw new Error('before any statement');
          }),
        ).rejects.toThrow('before any statement');
        expect(messages()).toBe(3);

        await db
          .transaction()
          .setIsolationLevel('serializable')
          .execute(async (trx) => {
            expect(
              (await sql<{ level: string }>`select current_setting('transaction_isolation') as level`.execute(trx))
                .rows[0]?.level,
            ).toBe('serializable');
          });
        expect(await db.selectFrom('items').select('id').orderBy('id').execute()).toEqual([
          { id: 'one' },
          { id: 'two' },
        ]);
        exec.mockRestore();
        query.mockRestore();
      },
    );

    it('runs a statement marked prepared like any other, prepared once per connection on PostgreSQL', async () => {
      const { db } = await dbs.open<ItemsDb>(uniqueService('prepared'), [createItems()]);
      const insert = (id: string) =>
        prepared(sql<{ id: string }>`insert into items (id, label) values (${id}, ${'x'}) returning id`).execute(db);
      expect((await insert('a')).rows).toEqual([{ id: 'a' }]);
      await db.transaction().execute(async (trx) => {
        // One connection: the transaction's. Twice the same text, once another, once unmarked.
        for (const id of ['b', 'c'])
          await prepared(sql`insert into items (id, label) values (${id}, ${'x'})`).execute(trx);
        await prepared(sql`update items set label = ${'y'} where id = ${'b'}`).execute(trx);
        await sql`update items set label = ${'z'} where id = ${'c'}`.execute(trx);
        const kept = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
        const statements = kept.rows.map((row) => row.statement);
        if (backend.databaseUrl) {
          expect(
            statements.filter((text) => text.endsWith('insert into items (id, label) values ($1, $2)')),
          ).toHaveLength(1);
          expect(statements.filter((text) => text.includes('update items set label = $1'))).toHaveLength(1);
          expect(statements.every((text) => text.startsWith('/* prepared */'))).toBe(true);
        }
      });
      expect(await db.selectFrom('items').selectAll().orderBy('id').execute()).toEqual([
        { id: 'a', label: 'x' },
        { id: 'b', label: 'y' },
        { id: 'c', label: 'z' },
      ]);
      await expect(insert('a')).rejects.toThrow(/duplicate key/);
    });

    it('rolls a failed transaction back completely', async () => {
      const { db } = await dbs.open<ItemsDb>(uniqueService('rollback'), [createItems()]);
      await db.insertInto('items').values({ id: 'before', label: 'x' }).execute();
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.insertInto('items').values({ id: 'inside', label: 'x' }).execute();
          await trx.insertInto('items').values({ id: 'before', label: 'duplicate key' }).execute();
        }),
      ).rejects.toThrow(/duplicate key/);
      expect(await db.selectFrom('items').select('id').execute()).toEqual([{ id: 'before' }]);

      await db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 'committed', label: 'x' }).execute();
      });
      expect(await db.selectFrom('items').select('id').orderBy('id').execute()).toEqual([
        { id: 'before' },
        { id: 'committed' },
      ]);
    });

    it("never runs one service's statements inside another service's transaction", async () => {
      const a = await dbs.open<ItemsDb>(uniqueService('slow'), [createItems()]);
      const b = await dbs.open<ItemsDb>(uniqueService('busy'), [createItems()]);
      const order: string[] = [];

      const slowTransaction = a.db.transaction().execute(async (trx) => {
        order.push('a:begin');
        await trx.insertInto('items').values({ id: 'a1', label: 'x' }).execute();
        await sleep(150);
        await trx.insertInto('items').values({ id: 'a2', label: 'x' }).execute();
        order.push('a:fail');
        throw new Error('roll back a');
      });
      await sleep(30);
      const otherWrite = (async () => {
        await b.db.insertInto('items').values({ id: 'b1', label: 'x' }).execute();
        await sql`insert into items (id, label) values ('b2', 'raw')`.execute(b.db);
        order.push('b:written');
      })();

      await expect(slowTransaction).rejects.toThrow('roll back a');
      await otherWrite;
      expect(await a.db.selectFrom('items').select('id').execute()).toEqual([]);
      expect(await b.db.selectFrom('items').select('id').orderBy('id').execute()).toEqual([{ id: 'b1' }, { id: 'b2' }]);
      // PGlite has one connection: the other service waits for the transaction to end.
      if (!backend.databaseUrl) expect(order).toEqual(['a:begin', 'a:fail', 'b:written']);
    });

    it('fails to open when a migration fails, leaving the schema as it was', async () => {
      const service = uniqueService('broken');
      const items = createItems();
      const broken = countingMigration('0002_broken', async (db) => {
        await db.schema.createTable('half_done').addColumn('id', 'text').execute();
        throw new Error('migration bug');
      });
      await expect(dbs.open(service, [items, broken])).rejects.toThrow(/migration bug/);

      const reopened = await dbs.open<ItemsDb>(service, [items]);
      // Pending migrations run in one transaction: the good one was rolled back with the broken one.
      expect(items.runs).toBe(2);
      const halfDone =
        await sql`select 1 from information_schema.tables where table_schema = ${reopened.schema} and table_name = 'half_done'`.execute(
          reopened.db,
        );
      expect(halfDone.rows).toHaveLength(0);
    });

    it('rejects a migration list that is not in name order', async () => {
      const second = countingMigration('0002_b', async () => {});
      const first = countingMigration('0001_a', async () => {});
      await expect(
        openServiceDatabase({
          service: 'unordered',
          databaseUrl: backend.databaseUrl,
          migrations: [second, first],
          logger: silentLogger(),
        }),
      ).rejects.toThrow(/ascending order/);
    });

    it('returns the same value types as node-postgres', async () => {
      const { db } = await dbs.open(uniqueService('types'), []);
      const result = await sql<Record<string, unknown>>`
        select 5::int8 as big, 2::int4 as small, 1.5::numeric as num, '\\x0102'::bytea as bytes,
               '{"a":[1]}'::jsonb as doc, true as flag, ${'p'}::text as param`.execute(db);
      expect(result.rows[0]).toEqual({
        big: '5',
        small: 2,
        num: '1.5',
        bytes: Buffer.from([1, 2]),
        doc: { a: [1] },
        flag: true,
        param: 'p',
      });
    });

    it.runIf(backend.databaseUrl)('outlives a connection the server cuts while a transaction holds it', async () => {
      const { db } = await dbs.open<ItemsDb>(uniqueService('cut'), [createItems()]);
      const killer = new pg.Client({ connectionString: backend.databaseUrl });
      await killer.connect();
      try {
        const cut = db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          const pid = rows[0]!.pid;
          // What a PostgreSQL restart does to every session, while this one is between two statements.
          await killer.query('select pg_terminate_backend($1)', [pid]);
          while ((await killer.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount) await sleep(20);
          // Let the client read the server's goodbye while no statement runs (the moment that crashed).
          await sleep(50);
          await sql`select 1`.execute(trx);
        });
        await expect(cut).rejects.toThrow();
        // The pool dropped the broken connection: the next statement gets a new one.
        await db.insertInto('items').values({ id: '1', label: 'after' }).execute();
        expect(await db.selectFrom('items').select('label').execute()).toEqual([{ label: 'after' }]);
      } finally {
        await killer.end();
      }
    });

    it("gives the database's error fields (code, constraint) to the caller", async () => {
      const { db } = await dbs.open<ItemsDb>(uniqueService('errors'), [createItems()]);
      await db.insertInto('items').values({ id: 'a', label: 'x' }).execute();
      const error = await db
        .insertInto('items')
        .values({ id: 'a', label: 'y' })
        .execute()
        .then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
      expect(error).toBeInstanceOf(Error);
      expect(error).toMatchObject({ code: '23505' });
      expect(String((error as Error).message)).toMatch(/duplicate key/);
      // The connection is usable afterwards.
      expect(await db.selectFrom('items').select('label').execute()).toEqual([{ label: 'x' }]);
    });

    it.skipIf(backend.databaseUrl)('streams query results on PGlite', async () => {
      const { db } = await dbs.open<ItemsDb>(uniqueService('stream'), [createItems()]);
      await db
        .insertInto('items')
        .values(Array.from({ length: 25 }, (_, i) => ({ id: String(i).padStart(2, '0'), label: 'x' })))
        .execute();
      const seen: string[] = [];
      for await (const row of db.selectFrom('items').select('id').orderBy('id').stream(10)) seen.push(row.id);
      expect(seen).toHaveLength(25);
      expect(seen[24]).toBe('24');
    });
  });
}

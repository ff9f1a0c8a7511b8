import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServiceDatabase } from './database';
import { outboxMigration, type OutboxDatabase } from './outbox';
import { createTestDatabase } from './testing';

describe(`createTestDatabase (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const opened: Array<ServiceDatabase<unknown>> = [];
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
  });

  it('gives each test database its own migrated schema and drops it on close', async () => {
    const [first, second] = await Promise.all([
      createTestDatabase<OutboxDatabase>('user-svc', [outboxMigration]),
      createTestDatabase<OutboxDatabase>('user-svc', [outboxMigration]),
    ]);
    opened.push(second as ServiceDatabase<unknown>);
    expect(first.schema).toMatch(/^t_[0-9a-f]{10}_user_svc$/);
    expect(second.schema).not.toBe(first.schema);

    await first.db
      .insertInto('outbox')
      .values({ id: 'e1', event_name: 'x', event_version: 1, payload: '{}', correlation_id: null })
      .execute();
    expect(await second.db.selectFrom('outbox').select('id').execute()).toEqual([]);

    await first.close();
    await first.close();
    const left = await sql`select 1 from pg_namespace where nspname = ${first.schema}`.execute(second.db);
    expect(left.rows).toHaveLength(0);
  });
});

// @vitest-environment node
// Pinned: NATS rejects jsdom's Uint8Array, and a project with a jsdom default may collect this file.
import { sql } from 'kysely';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineRequest } from '@bookwright/contracts/bus';
import type { Bus } from '../bus/bus';
import { BaseConfigSchema } from '../config/config';
import { outboxMigration, type OutboxDatabase } from '../db/outbox';
import { createTestDatabase } from '../db/testing';
import { defineService } from '../lifecycle/service';
import { createServiceTestWorld, type BusFake } from './service-test-world';

const ping = defineRequest({
  name: 'fake.ping',
  version: 1,
  request: z.object({}),
  response: z.object({ pong: z.string() }),
  description: 'Answered by the fake.',
});

/** A service that opens its database, reads one variable and asks the fake on start-up. */
const echoService = defineService({
  name: 'echo',
  configSchema: BaseConfigSchema.extend({ ECHO_WORD: z.string().default('hello') }),
  async start({ config, bus, openDatabase }) {
    const database = await openDatabase<OutboxDatabase>([outboxMigration]);
    const { pong } = await bus.request(ping, {});
    started.push({ word: config.ECHO_WORD, pong });
    return { ready: async () => true, stop: () => database.close() };
  },
});
const started: Array<{ word: string; pong: string }> = [];

class PingFake implements BusFake {
  served = 0;
  #stop: (() => Promise<void>) | undefined;
  async serve(bus: Bus): Promise<void> {
    this.served += 1;
    const subscription = await bus.serve(ping, async () => ({ pong: 'pong' }));
    this.#stop = () => subscription.stop();
  }
  async stop(): Promise<void> {
    await this.#stop?.();
  }
}

const schemaExists = async (schema: string) => {
  const probe = await createTestDatabase<OutboxDatabase>('probe', [outboxMigration]);
  try {
    return (await sql`select 1 from pg_namespace where nspname = ${schema}`.execute(probe.db)).rows.length > 0;
  } finally {
    await probe.close();
  }
};

describe(`createServiceTestWorld (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${process.env.NATS_URL ? 'NATS' : 'in-process bus'})`, () => {
  it('starts a service with its config and fakes on one shared database, and drops it all on stop', async () => {
    const fake = new PingFake();
    const world = await createServiceTestWorld<OutboxDatabase>({ service: 'echo', fakes: [fake] });
    const first = await world.start(echoService, { env: { ECHO_WORD: 'first' } });
    await world.stopService(first);
    await world.start(echoService);
    expect(started.slice(-2)).toEqual([
      { word: 'first', pong: 'pong' },
      { word: 'hello', pong: 'pong' },
    ]);

    // The first instance's stop left the schema to the next: the world owns the handle.
    await world.db
      .insertInto('outbox')
      .values({ id: 'e1', event_name: 'x', event_version: 1, payload: '{}', correlation_id: null })
      .execute();
    const { schema } = await world.database([outboxMigration]);
    expect(schema).toMatch(/^t_[0-9a-f]{10}_echo$/);

    await world.stop();
    await world.stop();
    expect(await schemaExists(schema)).toBe(false);
  });

  it('moves the fakes to a new bus on restartBus, once the services have stopped', async () => {
    const fake = new PingFake();
    const world = await createServiceTestWorld<OutboxDatabase>({ service: 'echo', fakes: [fake] });
    try {
      const running = await world.start(echoService);
      await expect(world.restartBus()).rejects.toThrow(/stop the services/);
      await world.stopService(running);
      const before = world.bus;
      await world.restartBus();
      expect(world.bus).not.toBe(before);
      expect(fake.served).toBe(2);
      expect(await world.bus.request(ping, {})).toEqual({ pong: 'pong' });
    } finally {
      await world.stop();
    }
  });

  it('stops itself when a set-up step fails, and hands back what a step that succeeds makes', async () => {
    const world = await createServiceTestWorld<OutboxDatabase>({ service: 'echo' });
    const { schema } = await world.settingUp(() => world.database([outboxMigration]));
    expect(await schemaExists(schema)).toBe(true);
    // No fake answers the ping: the service's start-up fails, and the world stops with it.
    await expect(world.settingUp(() => world.start(echoService, { env: {} }))).rejects.toThrow();
    expect(await schemaExists(schema)).toBe(false);
  });
});

import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Bus } from '@bookwright/kit';
import { createServiceTestWorld, type TableOutage } from '@bookwright/kit/testing';
import type { BillingDatabase } from '../db/schema';
import { createBillingService } from '../service';

/** A clock tests move by hand. */
export interface TestClock {
  now(): Date;
  set(at: string | Date): void;
}

export function testClock(start: string): TestClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set(at) {
      current = new Date(at);
    },
  };
}

export interface RunningBilling {
  /** The bus the service serves on: drive it with `bus.request(requests.billing.x, …)`. */
  bus: Bus;
  /** The service's own database, for checks no request exposes (periods, the outbox). */
  db: Kysely<BillingDatabase>;
  stop(): Promise<void>;
}

/**
 * The billing service as it runs in production, in kit's service test world (a real database and bus),
 * with a clock the test controls. `BILLING_TEST_LOG=1` shows the service's errors: a handler's unexpected
 * error otherwise reaches the test only as a bare 500.
 */
export async function startBilling(options: {
  clock: TestClock;
  env?: NodeJS.ProcessEnv;
  /** Puts the service's database behind this outage switch (the test's `db` stays direct). */
  outage?: TableOutage;
}): Promise<RunningBilling> {
  const world = await createServiceTestWorld<BillingDatabase>({
    service: 'billing',
    logVariable: 'BILLING_TEST_LOG',
    ...(options.outage ? { outage: options.outage } : {}),
  });
  await world.settingUp(() => world.start(createBillingService({ now: options.clock.now }), { env: options.env }));
  return { bus: world.bus, db: world.db, stop: () => world.stop() };
}

/** A user id no other test uses. */
export const newUserId = (): string => `user-${randomUUID()}`;

import { sql, type Kysely } from 'kysely';
import type { AnyRequestDef } from '@bookwright/contracts/bus';
import type { Bus, Subscription } from '../bus/bus';

/**
 * Answers a service's health request (what the gateway's readiness asks every service) once `check`
 * passes; a failing check becomes a 500, so the gateway reports the service as down.
 */
export function serveHealth(
  bus: Bus,
  def: AnyRequestDef,
  check: () => Promise<unknown> = async () => undefined,
): Promise<Subscription> {
  return bus.serve(def, async () => {
    await check();
    return { status: 'ok' as const };
  });
}

/** The cheapest round trip that proves a service's database answers. */
export async function pingDatabase<DB>(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}

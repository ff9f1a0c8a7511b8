import type { Kysely } from 'kysely';
import type { BillingDatabase, ConsumptionState } from '../db/schema';
import type { ConsumptionKey } from './consumptions.repository';

/**
 * Consumptions that pay for a book their caller has yet to confirm (state `reserved`), and what becomes of
 * them: kept once a book holds them, released (given back) when none does. See domain/reconcile-reservations.ts.
 */
export const reservationsRepository = {
  /** Reservations still waiting that were made at or before `madeBefore`, oldest first. */
  async due(db: Kysely<BillingDatabase>, madeBefore: Date, limit: number): Promise<ConsumptionKey[]> {
    return db
      .selectFrom('allowance_consumptions')
      .select(['user_id as userId', 'kind', 'key'])
      .where('state', '=', 'reserved')
      .where('refunded_at', 'is', null)
      .where('consumed_at', '<=', madeBefore)
      .orderBy('consumed_at')
      .limit(limit)
      .execute();
  },

  /** The key's state and whether its unit is given back, locked until the transaction ends. */
  async lock(
    db: Kysely<BillingDatabase>,
    reservation: ConsumptionKey,
  ): Promise<{ state: ConsumptionState; refunded: boolean } | undefined> {
    const row = await db
      .selectFrom('allowance_consumptions')
      .select(['state', 'refunded_at'])
      .where('user_id', '=', reservation.userId)
      .where('kind', '=', reservation.kind)
      .where('key', '=', reservation.key)
      .forUpdate()
      .executeTakeFirst();
    return row && { state: row.state, refunded: row.refunded_at !== null };
  },

  /** A book holds the reservation: its unit is kept for good. False when it was not waiting. */
  async keep(db: Kysely<BillingDatabase>, reservation: ConsumptionKey): Promise<boolean> {
    const kept = await db
      .updateTable('allowance_consumptions')
      .set({ state: 'kept' })
      .where('user_id', '=', reservation.userId)
      .where('kind', '=', reservation.kind)
      .where('key', '=', reservation.key)
      .where('state', '=', 'reserved')
      .returning('key')
      .executeTakeFirst();
    return kept !== undefined;
  },

  /**
   * No book holds the reservation: it is marked given back. False when it was no longer waiting (kept by
   * a confirmation, or refunded by a failure, in the meantime): then nothing is to be given back.
   */
  async release(db: Kysely<BillingDatabase>, reservation: ConsumptionKey, now: Date): Promise<boolean> {
    const released = await db
      .updateTable('allowance_consumptions')
      .set({ state: 'released', refunded_at: now })
      .where('user_id', '=', reservation.userId)
      .where('kind', '=', reservation.kind)
      .where('key', '=', reservation.key)
      .where('state', '=', 'reserved')
      .where('refunded_at', 'is', null)
      .returning('key')
      .executeTakeFirst();
    return released !== undefined;
  },

  /**
   * A released reservation whose book failed or was never stored: given back for good, as a refund leaves
   * a kept unit, so that an event naming it later takes nothing again. False when it was not released.
   */
  async settleReleased(db: Kysely<BillingDatabase>, reservation: ConsumptionKey): Promise<boolean> {
    const settled = await db
      .updateTable('allowance_consumptions')
      .set({ state: 'kept' })
      .where('user_id', '=', reservation.userId)
      .where('kind', '=', reservation.kind)
      .where('key', '=', reservation.key)
      .where('state', '=', 'released')
      .returning('key')
      .executeTakeFirst();
    return settled !== undefined;
  },

  /** A released reservation whose book was stored after all takes its unit again, now. */
  async retake(db: Kysely<BillingDatabase>, reservation: ConsumptionKey, now: Date): Promise<void> {
    await db
      .updateTable('allowance_consumptions')
      .set({ state: 'kept', refunded_at: null, consumed_at: now })
      .where('user_id', '=', reservation.userId)
      .where('kind', '=', reservation.kind)
      .where('key', '=', reservation.key)
      .execute();
  },
};

import type { Kysely } from 'kysely';
import type { AllowanceKind } from '@bookwright/contracts/bus';
import type { BillingDatabase } from '../db/schema';

export interface ConsumptionKey {
  userId: string;
  kind: AllowanceKind;
  key: string;
}

/** A consumption about to be taken: reserved until its book confirms it, or kept at once. */
export interface NewConsumption extends ConsumptionKey {
  awaitsConfirmation?: boolean | undefined;
  /** Who spends it when not the payer (a workspace member spending the owner's pool); absent = the payer. */
  spentBy?: string | undefined;
}

/** One row per (user, kind, key): the record that makes consuming and refunding idempotent. */
export const consumptionsRepository = {
  /**
   * Records that `key` is taking a unit now. False when the key already holds one (a retry): the caller
   * must not charge again. A refunded key may take a unit again, so a key never holds more than one.
   * A concurrent claim of the same key waits on the unique index until this transaction ends.
   */
  async claim(db: Kysely<BillingDatabase>, consumption: NewConsumption, now: Date): Promise<boolean> {
    const state = consumption.awaitsConfirmation ? 'reserved' : 'kept';
    const spentBy = consumption.spentBy ?? consumption.userId;
    const claimed = await db
      .insertInto('allowance_consumptions')
      .values({
        user_id: consumption.userId,
        kind: consumption.kind,
        key: consumption.key,
        consumed_at: now,
        // Placeholder: `recordPeriod` sets the period the unit was actually taken from.
        period_start: now,
        refunded_at: null,
        state,
        spent_by: spentBy,
      })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'kind', 'key'])
          .doUpdateSet({ consumed_at: now, refunded_at: null, state, spent_by: spentBy })
          .where('allowance_consumptions.refunded_at', 'is not', null),
      )
      .returning('key')
      .executeTakeFirst();
    return claimed !== undefined;
  },

  /** Copies the account's current period onto the consumption, in SQL so no precision is lost on the way. */
  async recordPeriod(db: Kysely<BillingDatabase>, consumption: ConsumptionKey): Promise<void> {
    await db
      .updateTable('allowance_consumptions')
      .set((eb) => ({
        period_start: eb
          .selectFrom('billing_accounts')
          .select('period_start')
          .where('user_id', '=', consumption.userId),
      }))
      .where('user_id', '=', consumption.userId)
      .where('kind', '=', consumption.kind)
      .where('key', '=', consumption.key)
      .execute();
  },

  /** Marks the key's unit as given back. False when it holds none (never consumed, or already refunded). */
  async markRefunded(db: Kysely<BillingDatabase>, consumption: ConsumptionKey, now: Date): Promise<boolean> {
    const refunded = await db
      .updateTable('allowance_consumptions')
      .set({ refunded_at: now })
      .where('user_id', '=', consumption.userId)
      .where('kind', '=', consumption.kind)
      .where('key', '=', consumption.key)
      .where('refunded_at', 'is', null)
      .returning('key')
      .executeTakeFirst();
    return refunded !== undefined;
  },

  /**
   * The units taken since `periodStart` and not given back, by kind: kept ones and ones still reserved for
   * a book (a released or refunded reservation was given back).
   */
  async countUsedSince(
    db: Kysely<BillingDatabase>,
    userId: string,
    periodStart: Date | string,
  ): Promise<Record<AllowanceKind, number>> {
    const rows = await db
      .selectFrom('allowance_consumptions')
      .select(['kind', (eb) => eb.fn.countAll<string>().as('count')])
      .where('user_id', '=', userId)
      .where('refunded_at', 'is', null)
      .where('state', '!=', 'released')
      .where('consumed_at', '>=', new Date(periodStart))
      .groupBy('kind')
      .execute();
    const used = { book: 0, cover: 0, translation: 0 };
    for (const row of rows) used[row.kind] = Number(row.count);
    return used;
  },

  /** The units of a payer's allowances taken since `periodStart` and not given back, by who spent them. */
  async spentBySince(db: Kysely<BillingDatabase>, userId: string, periodStart: Date | string) {
    const rows = await db
      .selectFrom('allowance_consumptions')
      .select((eb) => [
        eb.fn.coalesce('spent_by', 'user_id').as('spender'),
        'kind',
        eb.fn.countAll<string>().as('count'),
      ])
      .where('user_id', '=', userId)
      .where('refunded_at', 'is', null)
      .where('state', '!=', 'released')
      .where('consumed_at', '>=', new Date(periodStart))
      .groupBy([(eb) => eb.fn.coalesce('spent_by', 'user_id'), 'kind'])
      .execute();
    const bySpender = new Map<string, Record<AllowanceKind, number>>();
    for (const row of rows) {
      const spent = bySpender.get(row.spender) ?? { book: 0, cover: 0, translation: 0 };
      spent[row.kind] = Number(row.count);
      bySpender.set(row.spender, spent);
    }
    return bySpender;
  },

  /** Removes every consumption of the user (the account is being deleted). */
  async deleteOfUser(db: Kysely<BillingDatabase>, userId: string): Promise<void> {
    await db.deleteFrom('allowance_consumptions').where('user_id', '=', userId).execute();
  },
};

import type { Kysely } from 'kysely';
import { events } from '@bookwright/contracts/events';
import { enqueueEvent } from '@bookwright/kit';
import type { BillingAccountRow, BillingDatabase } from '../db/schema';
import { accountsRepository, presentSummary } from '../repositories/accounts.repository';

/*
 * A local plan's cancellation at the end of its period, and its end. (A Stripe plan is cancelled at
 * Stripe, and the account follows it through apply-subscription.ts.)
 */

type Executor = Kysely<BillingDatabase>;

const inTransaction = <T>(db: Executor, work: (trx: Executor) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

async function announce(trx: Executor, row: BillingAccountRow): Promise<void> {
  await enqueueEvent(trx, events.billingSubscriptionChanged, {
    userId: row.user_id,
    accountType: row.account_type,
    subscriptionStatus: row.subscription_status,
    nextBillingDate: presentSummary(row).nextBillingDate,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    allowancesReset: false,
  });
}

/** Sets (or undoes) a local plan's cancellation and announces it; false when there is no local plan. */
export function setLocalCancellation(
  db: Executor,
  change: { userId: string; cancel: boolean; now: Date },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await accountsRepository.setLocalCancellation(trx, change);
    if (!row) return false;
    await announce(trx, row);
    return true;
  });
}

/**
 * Ends the user's local plan if its cancellation has come due, and announces it. Called before the
 * account is read or an allowance taken, so nothing is ever granted past the end: no timer to miss.
 */
export function endDueLocalPlan(db: Executor, userId: string, now: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await accountsRepository.endDueLocalPlan(trx, userId, now);
    if (!row) return false;
    await enqueueEvent(trx, events.billingPlanChanged, {
      userId,
      accountType: row.account_type,
      provider: 'local',
      nextBillingDate: null,
    });
    await announce(trx, row);
    return true;
  });
}

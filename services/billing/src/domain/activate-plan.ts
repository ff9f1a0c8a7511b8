import { events } from '@bookwright/contracts';
import { enqueueEvent } from '@bookwright/kit';
import type { Kysely } from 'kysely';
import type { BillingDatabase } from '../db/schema';
import type { PaidAccountType } from '../payments/payment-provider';
import { accountsRepository, presentSummary } from '../repositories/accounts.repository';

export interface PlanActivation {
  userId: string;
  accountType: PaidAccountType;
  provider: string;
  now: Date;
}

/**
 * Puts a user on a paid plan from `now`, with that plan's allowances, and announces it
 * (billing.plan-changed) in the same transaction. Activating the plan that is already active changes
 * nothing and announces nothing, so a provider may call it again for the same payment. The caller kicks
 * the outbox relay after it resolves.
 */
export async function activatePlan(
  db: Kysely<BillingDatabase>,
  activation: PlanActivation,
): Promise<{ changed: boolean; nextBillingDate: string | null }> {
  return db.transaction().execute(async (trx) => {
    await accountsRepository.ensure(trx, activation.userId, activation.now);
    const row = await accountsRepository.activatePlan(trx, activation);
    if (!row) {
      const current = await accountsRepository.findCurrent(trx, activation.userId, activation.now);
      return { changed: false, nextBillingDate: current ? presentSummary(current).nextBillingDate : null };
    }
    const { nextBillingDate } = presentSummary(row);
    await enqueueEvent(trx, events.billingPlanChanged, {
      userId: row.user_id,
      accountType: row.account_type,
      provider: activation.provider,
      nextBillingDate,
    });
    return { changed: true, nextBillingDate };
  });
}

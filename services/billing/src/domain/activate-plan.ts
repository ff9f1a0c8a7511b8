import { events } from '@bookwright/contracts/events';
import { enqueueEvent } from '@bookwright/kit';
import type { Kysely } from 'kysely';
import type { BillingDatabase } from '../db/schema';
import type { PaidAccountType } from './paid-account-type';
import { accountsRepository, presentSummary } from '../repositories/accounts.repository';
import { switchedAllowanceColumns } from './plan-switch';

export interface PlanActivation {
  userId: string;
  accountType: PaidAccountType;
  provider: string;
  now: Date;
}

/**
 * Puts a user on a paid plan from `now`, with that plan's allowances (a switch from another plan in force
 * keeps the period and what was used in it), and announces it
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
    const before = await accountsRepository.findCurrent(trx, activation.userId, activation.now);
    // A switch from another plan in force keeps the period and what it used (docs/decisions/0018).
    const switching =
      before !== undefined &&
      before.account_type !== 'null' &&
      before.account_type !== activation.accountType &&
      before.subscription_status === 'active';
    const row = switching
      ? await accountsRepository.switchPlan(trx, {
          ...activation,
          left: await switchedAllowanceColumns(trx, activation.userId, activation.accountType, before.period_start),
        })
      : await accountsRepository.activatePlan(trx, activation);
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

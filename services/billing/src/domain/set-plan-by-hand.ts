import { events } from '@bookwright/contracts/events';
import { type AccountType } from '@bookwright/contracts/http';
import { enqueueEvent } from '@bookwright/kit';
import type { Kysely } from 'kysely';
import type { BillingAccountRow, BillingDatabase } from '../db/schema';
import { accountsRepository, presentSummary } from '../repositories/accounts.repository';
import { planAllowance, plusMonths } from '../repositories/allowance-period.sql';
import { switchedAllowanceColumns } from './plan-switch';

/** The `provider` of a plan an operator set (an Enterprise contract, invoiced outside the app). */
export const manualProvider = 'manual';

/**
 * An operator puts an account on `accountType` (npm run admin -- set-plan): no payment provider is
 * involved, so nothing is charged and no renewal date is shown. A switch from a plan in force keeps the
 * period and what it used (docs/decisions/0018); `null` ends the plan. Announced as billing.plan-changed
 * through the outbox, delivered whenever the billing service runs. Returns the account, or undefined when
 * it was already on that plan.
 */
export async function setPlanByHand(
  db: Kysely<BillingDatabase>,
  change: { userId: string; accountType: AccountType; now: Date },
): Promise<BillingAccountRow | undefined> {
  const { userId, accountType, now } = change;
  return db.transaction().execute(async (trx) => {
    await accountsRepository.ensure(trx, userId, now);
    const before = await accountsRepository.findCurrent(trx, userId, now);
    if (!before) throw new Error(`billing account ${userId} vanished right after it was opened`);
    if (before.account_type === accountType && before.provider === manualProvider) return undefined;
    const inForce = before.account_type !== 'null' && before.subscription_status === 'active';
    const left =
      inForce && accountType !== 'null'
        ? await switchedAllowanceColumns(trx, userId, accountType, before.period_start)
        : {
            books_left: planAllowance(accountType, 'book'),
            covers_left: planAllowance(accountType, 'cover'),
            translations_left: planAllowance(accountType, 'translation'),
          };
    const updated = await accountsRepository.update(
      trx,
      userId,
      {
        account_type: accountType,
        provider: manualProvider,
        subscription_status: accountType === 'null' ? 'canceled' : 'active',
        next_billing_date: null,
        cancel_at_period_end: false,
        plan_ends_at: null,
        ...(inForce ? {} : { period_anchor: now, period_start: now, period_end: plusMonths(now, 1) }),
        ...left,
      },
      now,
    );
    await enqueueEvent(trx, events.billingPlanChanged, {
      userId,
      accountType,
      provider: manualProvider,
      nextBillingDate: presentSummary(updated).nextBillingDate,
    });
    return updated;
  });
}

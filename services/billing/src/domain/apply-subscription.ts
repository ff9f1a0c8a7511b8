import { events } from '@bookwright/contracts/events';
import { enqueueEvent } from '@bookwright/kit';
import type { Kysely, Transaction } from 'kysely';
import type { BillingAccountRow, BillingDatabase } from '../db/schema';
import { accountsRepository, presentSummary } from '../repositories/accounts.repository';
import { planAllowance } from '../repositories/allowance-period.sql';
import type { PaidAccountType } from './paid-account-type';
import { switchedAllowanceColumns } from './plan-switch';
import { endedSubscriptionStatuses, liveSubscriptionStatuses } from './subscription-status';

/** A subscription as the payment provider holds it now (re-read, never taken from the event). */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: string;
  /** The plan its price stands for; null for a price we do not sell (left alone, and logged). */
  accountType: PaidAccountType | null;
  periodStart: Date;
  periodEnd: Date;
  /** The subscription is set to end (at its period's end, or at a date of the provider's `cancel_at`). */
  cancelAtPeriodEnd: boolean;
  /** When it ends if so; null while it renews. */
  planEndsAt: Date | null;
}

export interface SubscriptionChange {
  /** An invoice of this subscription was paid: a period that has not been granted yet starts full. */
  invoicePaid?: boolean;
  /** An invoice of this subscription failed and is its latest one: the plan is past due. */
  paymentFailed?: boolean;
}

const sameInstant = (a: Date | string | null, b: Date | null) =>
  a === null || b === null ? a === b : new Date(a).getTime() === b.getTime();

/** The columns a subscription sets on the account, and whether it starts the allowances afresh. */
interface NextColumns {
  next: Partial<BillingAccountRow>;
  allowancesReset: boolean;
}

const isLive = (status: string | null) => liveSubscriptionStatuses.has(status ?? '');

/**
 * Brings the user's account in line with `subscription` inside the caller's transaction, whatever order
 * the provider's events came in: the snapshot is the provider's present state, so applying it again, or
 * applying an older event after a newer one, lands on the same row.
 *  - a new subscription (or one coming back) starts its plan's allowances for the provider's current period;
 *  - a switch of a live subscription to another plan keeps what the period used (plan-switch.ts);
 *  - a paid invoice starts a period that has not been granted yet with full allowances (the renewal);
 *  - an ended subscription leaves the account plan-less, unless a newer subscription replaced it.
 * Announces what changed (billing.plan-changed, billing.subscription-changed). Returns whether anything did.
 */
export async function applySubscription(
  trx: Transaction<BillingDatabase> | Kysely<BillingDatabase>,
  userId: string,
  subscription: SubscriptionSnapshot,
  change: SubscriptionChange,
  now: Date,
): Promise<boolean> {
  const row = await accountsRepository.findForUpdate(trx, userId);
  // No account: the user was deleted (or never existed here). Never recreate one from a webhook.
  if (!row) return false;
  const { next, allowancesReset } = await nextColumns(trx, row, subscription, change);
  if (!differs(row, next)) return false;
  const updated = await accountsRepository.update(trx, userId, next, now);
  await announceChange(trx, row, updated, allowancesReset);
  return true;
}

/** Chooses the columns for the subscription's status: a live plan, an ended one, or neither. */
async function nextColumns(
  trx: Transaction<BillingDatabase> | Kysely<BillingDatabase>,
  row: BillingAccountRow,
  subscription: SubscriptionSnapshot,
  change: SubscriptionChange,
): Promise<NextColumns> {
  const replaced = row.stripe_subscription_id !== null && row.stripe_subscription_id !== subscription.id;
  const plan = subscription.accountType;
  if (isLive(subscription.status) && plan) return liveColumns(trx, row, { ...subscription, plan }, change, replaced);
  if (endedSubscriptionStatuses.has(subscription.status) && !replaced)
    return { next: endedColumns(subscription), allowancesReset: false };
  // Not yet paid (incomplete), an old subscription a newer one replaced, or a price we do not sell:
  // remember the customer so later events find the user, and change nothing else.
  return { next: { stripe_customer_id: row.stripe_customer_id ?? subscription.customerId }, allowancesReset: false };
}

/** A live subscription to a plan we sell: the plan, and its allowances when a switch or a period starts. */
async function liveColumns(
  trx: Transaction<BillingDatabase> | Kysely<BillingDatabase>,
  row: BillingAccountRow,
  subscription: SubscriptionSnapshot & { plan: PaidAccountType },
  change: SubscriptionChange,
  replaced: boolean,
): Promise<NextColumns> {
  const { plan } = subscription;
  const newPlan = replaced || row.account_type !== plan || !isLive(row.subscription_status);
  const newPeriod = new Date(row.period_start).getTime() < subscription.periodStart.getTime();
  const status = change.paymentFailed && subscription.status === 'active' ? 'past_due' : subscription.status;
  const next: Partial<BillingAccountRow> = {
    account_type: plan,
    subscription_status: status,
    provider: 'stripe',
    next_billing_date: subscription.periodEnd,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    plan_ends_at: subscription.cancelAtPeriodEnd ? subscription.planEndsAt : null,
    stripe_customer_id: subscription.customerId,
    stripe_subscription_id: subscription.id,
  };
  const period = {
    period_anchor: subscription.periodStart,
    period_start: subscription.periodStart,
    period_end: subscription.periodEnd,
  };
  // The same subscription moved to another price within its period: a plan switch, which keeps what
  // the period used (docs/decisions/0018). A renewal paid with it still starts the new period full.
  const switched =
    newPlan &&
    !replaced &&
    row.account_type !== 'null' &&
    isLive(row.subscription_status) &&
    !(change.invoicePaid && newPeriod);
  if (switched) {
    const left = await switchedAllowanceColumns(trx, row.user_id, plan, subscription.periodStart);
    return { next: { ...next, ...period, ...left }, allowancesReset: false };
  }
  if (newPlan || (change.invoicePaid && newPeriod))
    return { next: { ...next, ...period, ...fullAllowances(plan) }, allowancesReset: true };
  return { next, allowancesReset: false };
}

/** An ended subscription that no newer one replaced: the account is plan-less. */
function endedColumns(subscription: SubscriptionSnapshot): Partial<BillingAccountRow> {
  return {
    account_type: 'null',
    subscription_status: subscription.status,
    next_billing_date: null,
    cancel_at_period_end: false,
    plan_ends_at: null,
    stripe_customer_id: subscription.customerId,
    ...fullAllowances('null'),
  };
}

const fullAllowances = (plan: PaidAccountType | 'null') => ({
  books_left: planAllowance(plan, 'book'),
  covers_left: planAllowance(plan, 'cover'),
  translations_left: planAllowance(plan, 'translation'),
});

/** Whether writing `next` would change the row (dates compared as instants). */
function differs(row: BillingAccountRow, next: Partial<BillingAccountRow>): boolean {
  return (Object.keys(next) as (keyof BillingAccountRow)[]).some((key) => {
    const value = next[key] as unknown;
    const current = row[key] as unknown;
    if (value instanceof Date || current instanceof Date)
      return !sameInstant(current as Date | null, (value as Date | null) ?? null);
    return value !== current;
  });
}

/** billing.plan-changed when the plan changed, and billing.subscription-changed always. */
async function announceChange(
  trx: Transaction<BillingDatabase> | Kysely<BillingDatabase>,
  before: BillingAccountRow,
  updated: BillingAccountRow,
  allowancesReset: boolean,
): Promise<void> {
  const userId = updated.user_id;
  const summary = presentSummary(updated);
  if (updated.account_type !== before.account_type) {
    await enqueueEvent(trx, events.billingPlanChanged, {
      userId,
      accountType: updated.account_type,
      provider: 'stripe',
      nextBillingDate: summary.nextBillingDate,
    });
  }
  await enqueueEvent(trx, events.billingSubscriptionChanged, {
    userId,
    accountType: updated.account_type,
    subscriptionStatus: updated.subscription_status,
    nextBillingDate: summary.nextBillingDate,
    cancelAtPeriodEnd: updated.cancel_at_period_end,
    allowancesReset,
  });
}

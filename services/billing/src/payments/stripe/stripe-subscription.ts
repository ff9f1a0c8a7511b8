import type Stripe from 'stripe';
import type { StripeConfig } from '../../config';
import type { SubscriptionSnapshot } from '../../domain/apply-subscription';
import type { PaidAccountType } from '../../domain/paid-account-type';

const fromUnix = (seconds: number | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/** Reads our plan and the current period off a Stripe subscription. */
export function snapshotOf(subscription: Stripe.Subscription, prices: StripeConfig['prices']): SubscriptionSnapshot {
  // The plan's item: an Enterprise subscription also has a seat item (stripe-seats.ts).
  const planPrices: string[] = Object.values(prices);
  const item = subscription.items.data.find((i) => planPrices.includes(i.price.id)) ?? subscription.items.data[0];
  const priceId = item?.price.id;
  const accountType = (Object.keys(prices) as PaidAccountType[]).find((plan) => prices[plan] === priceId) ?? null;
  // Newer API versions keep the period on the item, older ones on the subscription itself.
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  const periodStart = fromUnix(item?.current_period_start ?? legacy.current_period_start);
  const periodEnd = fromUnix(item?.current_period_end ?? legacy.current_period_end);
  if (!periodStart || !periodEnd) throw new Error(`Stripe subscription ${subscription.id} has no current period`);
  // Newer API versions say a cancellation with a date (`cancel_at`, also set by cancel_at_period_end);
  // older ones only with the flag, which means the current period's end.
  const cancelAt = fromUnix(subscription.cancel_at ?? undefined);
  const cancelAtPeriodEnd = subscription.cancel_at_period_end || cancelAt !== null;
  return {
    id: subscription.id,
    customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    status: subscription.status,
    accountType,
    periodStart,
    periodEnd,
    cancelAtPeriodEnd,
    planEndsAt: cancelAtPeriodEnd ? (cancelAt ?? periodEnd) : null,
  };
}

import type { BillingAccountRow } from '../db/schema';
import type { BillingCustomer } from '../payments/payment-provider';

/** The account as the payments port sees it. */
export const customerOf = (account: BillingAccountRow): BillingCustomer => ({
  userId: account.user_id,
  accountType: account.account_type,
  subscriptionStatus: account.subscription_status,
  stripeCustomerId: account.stripe_customer_id,
  stripeSubscriptionId: account.stripe_subscription_id,
});

import type { AccountType } from '@bookwright/contracts/http';
import type { Invoice } from '@bookwright/contracts/bus';
import type { PaymentProviderName } from '../config';
import type { PaidAccountType } from '../domain/paid-account-type';
import type { SeatChange } from '../domain/seats';

/** Who is paying: what billing knows of the user that a provider may need. */
export interface BillingCustomer {
  userId: string;
  /** The plan the user is on now (`null` the string when none). */
  accountType: AccountType;
  subscriptionStatus: string | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
}

export interface CheckoutSession {
  /** Where to send the browser next: the provider's payment page, the success page, or the settings. */
  url: string;
  provider: PaymentProviderName;
  msg: string;
}

/** What a plan switch would cost, as the provider prices it (nothing changes). */
export interface SwitchQuote {
  /** Charged (credited when negative) for the rest of the current period, in euro, on the next invoice. */
  proratedAmount: number;
  /** The new plan's monthly amount as the provider bills it; null = the configured price. */
  newMonthlyAmount: number | null;
}

/** What a change of a workspace's seats costs, as the provider prices it (nothing changes). */
export interface SeatsQuote {
  /** Charged (credited when negative) for the rest of the current period, in cents. */
  dueNow: number;
  /** The seats part of each monthly invoice after the change, in cents; null = seats × the configured price. */
  monthly: number | null;
}

/** What applying one provider webhook did. */
export interface WebhookOutcome {
  /** The event had been applied before (a redelivery): nothing changed. */
  duplicate: boolean;
}

/**
 * The payments port. The provider is chosen once at start-up from PAYMENT_PROVIDER; handlers never know
 * which one they talk to. A provider that takes money activates the plan when the payment is confirmed
 * (a webhook); the local one does it at once.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Starts paying for a plan, or switches the plan of a subscription in force (prorated). */
  startCheckout(customer: BillingCustomer, accountType: PaidAccountType): Promise<CheckoutSession>;
  /** Prices a switch of the plan in force to `accountType` (Stripe's upcoming-invoice preview). */
  previewSwitch(customer: BillingCustomer, accountType: PaidAccountType): Promise<SwitchQuote>;
  /**
   * Prices a change of the seats the Enterprise plan pays for (Stripe: the upcoming-invoice preview with
   * the seat item's new quantity, prorated; local: pro rata of the configured price). Changes nothing.
   */
  previewSeats(customer: BillingCustomer, change: SeatChange): Promise<SeatsQuote>;
  /**
   * Makes the plan pay for `seats` seats from now on (Stripe: the seat item's quantity, prorated, the item
   * added when missing; local: nothing is charged). Idempotent.
   */
  setSeats(customer: BillingCustomer, change: { workspaceId: string; seats: number }): Promise<void>;
  /**
   * Puts the Italian SDI code (or none) where invoices print it: with Stripe, the customer's metadata and
   * an invoice custom field. The local provider issues no invoices: nothing to do.
   */
  setSdi(customer: BillingCustomer, sdi: string | null): Promise<void>;
  /** The provider's self-service page (payment method, cancellation); throws a 400 AppError when none. */
  openPortal(customer: BillingCustomer): Promise<{ url: string }>;
  /** The customer's invoices, newest first. */
  listInvoices(customer: BillingCustomer): Promise<Invoice[]>;
  /**
   * Cancels the plan at the end of its period (`cancel` true), or undoes that (false); the account shows
   * it when this resolves. Throws a 409 AppError when there is no subscription to change.
   */
  setCancellation(customer: BillingCustomer, cancel: boolean): Promise<void>;
  /** Ends any subscription at once (the account is being deleted). Idempotent. */
  cancelImmediately(customer: BillingCustomer): Promise<void>;
  /** Checks and applies one webhook; throws a 400 AppError when the signature or payload is bad. */
  receiveWebhook(payload: string, signature: string): Promise<WebhookOutcome>;
}

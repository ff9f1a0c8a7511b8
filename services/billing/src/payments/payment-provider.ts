import type { z } from 'zod';
import type { AccountType, Invoice, PaidAccountTypeSchema } from '@bookwright/contracts';

export type PaidAccountType = z.infer<typeof PaidAccountTypeSchema>;

/** Who is paying: what billing knows of the user that a provider may need. */
export interface BillingCustomer {
  userId: string;
  /** The plan the user is on now (`null` the string when none). */
  accountType: AccountType;
  stripeCustomerId: string | null;
}

export interface CheckoutSession {
  /** Where to send the browser next: the provider's payment page, or straight to the success page. */
  url: string;
  provider: string;
  msg: string;
}

/**
 * The payments port. The provider is chosen once at start-up from PAYMENT_PROVIDER; handlers never know
 * which one they talk to. A provider that takes money activates the plan when the payment is confirmed
 * (a webhook); the local one does it at once.
 */
export interface PaymentProvider {
  readonly name: string;
  startCheckout(customer: BillingCustomer, accountType: PaidAccountType): Promise<CheckoutSession>;
  /** The customer's invoices, newest first. */
  listInvoices(userId: string): Promise<Invoice[]>;
}

import type { ColumnType, Selectable } from 'kysely';
import type { AccountType } from '@bookwright/contracts/http';
import type { AllowanceKind } from '@bookwright/contracts/bus';
import type { OutboxDatabase } from '@bookwright/kit';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface BillingAccountsTable {
  /** The user service's id; one billing account per user. */
  user_id: string;
  /** The string `null` until a plan is chosen, as the spec's clients expect. */
  account_type: AccountType;
  subscription_status: string | null;
  /** Which payment provider activated the plan (`local` or `stripe`). */
  provider: string | null;
  next_billing_date: Timestamp | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  /** The subscription ends when its period does (the terms: cancellation at the end of the period). */
  cancel_at_period_end: ColumnType<boolean, boolean | undefined, boolean>;
  /** When a cancelled plan ends: the provider's cancellation date, else the period's end; null otherwise. */
  plan_ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  billing_address: string | null;
  billing_city: string | null;
  billing_state: string | null;
  billing_zip: string | null;
  billing_country: string | null;
  company_name: string | null;
  vat_number: string | null;
  sdi: string | null;
  /** What is left in the current period; null = unlimited. */
  books_left: number | null;
  covers_left: number | null;
  translations_left: number | null;
  /**
   * Periods are counted in whole calendar months from the anchor (UTC), so a plan started on 31 January
   * renews on 29 February, 31 March, 30 April… instead of drifting to the 28th after February.
   */
  period_anchor: Timestamp;
  period_start: Timestamp;
  period_end: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AllowanceConsumptionsTable {
  user_id: string;
  kind: AllowanceKind;
  /** The caller's idempotency key (a book id, a request id): one consumption per (user, kind, key). */
  key: string;
  consumed_at: Timestamp;
  /** The period the unit was taken from: a refund only gives back into that same period. */
  period_start: Timestamp;
  refunded_at: Timestamp | null;
  /**
   * `kept`: taken for good. `reserved`: paid for a book its caller has not confirmed yet; given back by the
   * reconciliation (`released`) unless a book holds the key. See domain/reservations.ts.
   */
  state: ColumnType<ConsumptionState, ConsumptionState | undefined, ConsumptionState>;
  /**
   * Who spent the unit: `user_id` (the payer) or a workspace member spending the owner's pool. Null on
   * rows from before workspaces, which were all spent by the payer.
   */
  spent_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export type ConsumptionState = 'kept' | 'reserved' | 'released';

export interface PaymentWebhookEventsTable {
  event_id: string;
  type: string;
  received_at: Timestamp;
}

export interface BillingTables {
  billing_accounts: BillingAccountsTable;
  allowance_consumptions: AllowanceConsumptionsTable;
  payment_webhook_events: PaymentWebhookEventsTable;
}

export type BillingDatabase = BillingTables & OutboxDatabase;

export type BillingAccountRow = Selectable<BillingAccountsTable>;

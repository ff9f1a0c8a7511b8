import { events } from '@bookwright/contracts/events';
import { enqueueEvent } from '@bookwright/kit';
import type { Kysely, Transaction } from 'kysely';
import type { BillingDatabase } from '../db/schema';
import { accountsRepository, presentSummary } from '../repositories/accounts.repository';

/** What an invoice to a business names: the payer's address, company and VAT number, as the provider holds them. */
export interface BillingDetails {
  address: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  companyName: string | null;
  vatNumber: string | null;
}

/**
 * Copies the provider's billing details onto the account (the user's billing fields), in the caller's
 * transaction, and announces the change so read models refresh. Returns whether anything changed.
 */
export async function applyBillingDetails(
  trx: Transaction<BillingDatabase> | Kysely<BillingDatabase>,
  userId: string,
  details: BillingDetails,
  now: Date,
): Promise<boolean> {
  const columns = {
    billing_address: details.address,
    billing_city: details.city,
    billing_state: details.state,
    billing_zip: details.postalCode,
    billing_country: details.country,
    company_name: details.companyName,
    vat_number: details.vatNumber,
  };
  const row = await accountsRepository.findForUpdate(trx, userId);
  if (!row) return false;
  if ((Object.keys(columns) as (keyof typeof columns)[]).every((key) => row[key] === columns[key])) return false;
  const updated = await accountsRepository.update(trx, userId, columns, now);
  await announceAccountChange(trx, updated);
  return true;
}

/** billing.subscription-changed for a change that is not a plan's: read models of the user refresh. */
export async function announceAccountChange(
  trx: Transaction<BillingDatabase> | Kysely<BillingDatabase>,
  row: Parameters<typeof presentSummary>[0],
): Promise<void> {
  await enqueueEvent(trx, events.billingSubscriptionChanged, {
    userId: row.user_id,
    accountType: row.account_type,
    subscriptionStatus: row.subscription_status,
    nextBillingDate: presentSummary(row).nextBillingDate,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    allowancesReset: false,
  });
}

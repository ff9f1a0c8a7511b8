import { outboxMigration, type Migration } from '@bookwright/kit';
import { billingAccountsMigration } from './0001_billing_accounts';
import { stripeWebhooksMigration } from './0002_stripe_webhooks';
import { planEndsAtMigration } from './0003_plan_ends_at';
import { reservationsMigration } from './0004_reservations';
import { consumptionSpentByMigration } from './0005_consumption_spent_by';

/** Forward-only, in order. Never edit a migration that has shipped: add a new one. */
export const migrations: Migration[] = [
  outboxMigration,
  billingAccountsMigration,
  stripeWebhooksMigration,
  planEndsAtMigration,
  reservationsMigration,
  consumptionSpentByMigration,
];

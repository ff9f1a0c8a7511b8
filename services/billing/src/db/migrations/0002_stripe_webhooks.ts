import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

export const stripeWebhooksMigration: Migration = {
  name: '0002_stripe_webhooks',
  async up(db: Kysely<unknown>) {
    // One row per provider event already applied: written in the transaction of its effect, so a
    // redelivered event finds its row and changes nothing. Holds no personal data (ids and types only).
    await db.schema
      .createTable('payment_webhook_events')
      .addColumn('event_id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .alterTable('billing_accounts')
      .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    // Webhooks without our metadata name the user only by their Stripe customer.
    await db.schema
      .createIndex('billing_accounts_stripe_customer_id')
      .on('billing_accounts')
      .column('stripe_customer_id')
      .execute();
  },
};

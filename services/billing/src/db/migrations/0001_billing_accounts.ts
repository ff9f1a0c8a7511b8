import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';

export const billingAccountsMigration: Migration = {
  name: '0001_billing_accounts',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('billing_accounts')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('account_type', 'text', (c) =>
        c.notNull().check(sql`account_type in ('null', 'starter', 'professional', 'enterprise')`),
      )
      .addColumn('subscription_status', 'text')
      .addColumn('provider', 'text')
      .addColumn('next_billing_date', 'timestamptz')
      .addColumn('stripe_customer_id', 'text')
      .addColumn('stripe_subscription_id', 'text')
      .addColumn('billing_address', 'text')
      .addColumn('billing_city', 'text')
      .addColumn('billing_state', 'text')
      .addColumn('billing_zip', 'text')
      .addColumn('billing_country', 'text')
      .addColumn('company_name', 'text')
      .addColumn('vat_number', 'text')
      .addColumn('sdi', 'text')
      // A negative balance would mean a double spend got through: let the database refuse it too.
      .addColumn('books_left', 'integer', (c) => c.check(sql`books_left >= 0`))
      .addColumn('covers_left', 'integer', (c) => c.check(sql`covers_left >= 0`))
      .addColumn('translations_left', 'integer', (c) => c.check(sql`translations_left >= 0`))
      .addColumn('period_anchor', 'timestamptz', (c) => c.notNull())
      .addColumn('period_start', 'timestamptz', (c) => c.notNull())
      .addColumn('period_end', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    // Calendar months on the UTC calendar: on a timestamptz PostgreSQL would count them in the session's
    // time zone, which differs between servers. Day clamped to the month's end: 31 Jan + 1 = 29 Feb.
    await sql`
      create function add_months_utc(instant timestamptz, months integer) returns timestamptz
      language sql immutable strict
      return ((instant at time zone 'UTC') + make_interval(months => months)) at time zone 'UTC'
    `.execute(db);
    // Whole months from `anchor` to `instant`: the largest n with add_months_utc(anchor, n) <= instant.
    // The calendar-month difference is one too many while `instant` is earlier in its month than `anchor`.
    await sql`
      create function whole_months_between(anchor timestamptz, instant timestamptz) returns integer
      language sql immutable strict
      begin atomic
        select calendar_months - case when add_months_utc(anchor, calendar_months) > instant then 1 else 0 end
        from (
          select ((extract(year from instant at time zone 'UTC') - extract(year from anchor at time zone 'UTC')) * 12
            + extract(month from instant at time zone 'UTC') - extract(month from anchor at time zone 'UTC'))::integer
            as calendar_months
        ) as difference;
      end
    `.execute(db);

    await db.schema
      .createTable('allowance_consumptions')
      .addColumn('user_id', 'text', (c) => c.notNull().references('billing_accounts.user_id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('book', 'cover', 'translation')`))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('consumed_at', 'timestamptz', (c) => c.notNull())
      .addColumn('period_start', 'timestamptz', (c) => c.notNull())
      .addColumn('refunded_at', 'timestamptz')
      .addPrimaryKeyConstraint('allowance_consumptions_pkey', ['user_id', 'kind', 'key'])
      .execute();
  },
};

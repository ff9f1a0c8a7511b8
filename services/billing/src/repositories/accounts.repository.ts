import { sql, type Kysely, type UpdateObject } from 'kysely';
import type { AllowanceKind } from '@bookwright/contracts/bus';
import type { BillingSummary } from '@bookwright/contracts/http';
import type { BillingAccountRow, BillingDatabase } from '../db/schema';
import type { PaidAccountType } from '../domain/paid-account-type';
import {
  leftColumn,
  periodEnded,
  planAllowance,
  planAllowanceOfRow,
  plusMonths,
  rolledOver,
} from './allowance-period.sql';

/** Billing accounts. Every function takes the executor so callers can run it inside their transaction. */
export const accountsRepository = {
  /**
   * Opens the plan-less account if there is none. An existing account is left as it is: the
   * user.registered event may arrive after the user already chose a plan.
   */
  async ensure(db: Kysely<BillingDatabase>, userId: string, now: Date): Promise<void> {
    await db
      .insertInto('billing_accounts')
      .values({
        user_id: userId,
        account_type: 'null',
        subscription_status: null,
        provider: null,
        next_billing_date: null,
        stripe_customer_id: null,
        stripe_subscription_id: null,
        billing_address: null,
        billing_city: null,
        billing_state: null,
        billing_zip: null,
        billing_country: null,
        company_name: null,
        vat_number: null,
        sdi: null,
        plan_ends_at: null,
        books_left: planAllowance('null', 'book'),
        covers_left: planAllowance('null', 'cover'),
        translations_left: planAllowance('null', 'translation'),
        period_anchor: now,
        period_start: now,
        period_end: plusMonths(now, 1),
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  },

  /** The account as stored, with no period rolled over (the deletion of a user reads it once more). */
  find(db: Kysely<BillingDatabase>, userId: string): Promise<BillingAccountRow | undefined> {
    return db.selectFrom('billing_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
  },

  /** The account, its row locked until the caller's transaction ends, so that changes to it queue. */
  findForUpdate(db: Kysely<BillingDatabase>, userId: string): Promise<BillingAccountRow | undefined> {
    return db.selectFrom('billing_accounts').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
  },

  /** The user whose account holds this Stripe customer, if any. */
  async userIdOfStripeCustomer(db: Kysely<BillingDatabase>, customerId: string): Promise<string | null> {
    const row = await db
      .selectFrom('billing_accounts')
      .select('user_id')
      .where('stripe_customer_id', '=', customerId)
      .executeTakeFirst();
    return row?.user_id ?? null;
  },

  /**
   * Stores the Stripe customer on an account that has none yet, and returns the customer the account holds
   * afterwards: this one, or the one someone else stored first.
   */
  async claimStripeCustomer(
    db: Kysely<BillingDatabase>,
    change: { userId: string; customerId: string; now: Date },
  ): Promise<string> {
    const stored = await db
      .updateTable('billing_accounts')
      .set({ stripe_customer_id: change.customerId, updated_at: change.now })
      .where('user_id', '=', change.userId)
      .where('stripe_customer_id', 'is', null)
      .returning('stripe_customer_id')
      .executeTakeFirst();
    if (stored) return change.customerId;
    const row = await db
      .selectFrom('billing_accounts')
      .select('stripe_customer_id')
      .where('user_id', '=', change.userId)
      .executeTakeFirstOrThrow();
    return row.stripe_customer_id ?? change.customerId;
  },

  /** Writes `columns` onto the user's account (which must exist) and returns the row as it is now. */
  update(
    db: Kysely<BillingDatabase>,
    userId: string,
    columns: UpdateObject<BillingDatabase, 'billing_accounts'>,
    now: Date,
  ): Promise<BillingAccountRow> {
    return db
      .updateTable('billing_accounts')
      .set({ ...columns, updated_at: now })
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** Removes the user's account (its consumptions go first, consumptionsRepository.deleteOfUser). */
  async delete(db: Kysely<BillingDatabase>, userId: string): Promise<void> {
    await db.deleteFrom('billing_accounts').where('user_id', '=', userId).execute();
  },

  /** A cheap read that fails when the database cannot answer (the readiness probe). */
  async probe(db: Kysely<BillingDatabase>): Promise<void> {
    await db.selectFrom('billing_accounts').select('user_id').limit(1).execute();
  },

  /** The account as it is at `now`; a period that has ended is rolled over first (a write, but rarely). */
  async findCurrent(db: Kysely<BillingDatabase>, userId: string, now: Date): Promise<BillingAccountRow | undefined> {
    const rolled = await db
      .updateTable('billing_accounts')
      .set({ ...rolledOver(now).columns(), updated_at: now })
      .where('user_id', '=', userId)
      .where(periodEnded(now))
      .returningAll()
      .executeTakeFirst();
    return rolled ?? db.selectFrom('billing_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
  },

  /**
   * Takes one unit of `kind` in one statement: the row lock makes concurrent takers queue, and each
   * re-checks what is left on the row version it locks, so the last unit is taken once. Undefined when
   * nothing is left (or there is no account). `remaining` null = unlimited.
   */
  async takeOne(
    db: Kysely<BillingDatabase>,
    userId: string,
    kind: AllowanceKind,
    now: Date,
  ): Promise<{ remaining: number | null } | undefined> {
    const current = rolledOver(now);
    const left = current.left(kind);
    return db
      .updateTable('billing_accounts')
      .set({ ...current.columns({ [kind]: sql<number | null>`${left} - 1` }), updated_at: now })
      .where('user_id', '=', userId)
      .where(sql<boolean>`(${left} is null or ${left} > 0)`)
      .returning(sql<number | null>`${sql.ref(leftColumn[kind])}`.as('remaining'))
      .executeTakeFirst();
  },

  /**
   * Gives one unit of `kind` back, but only into the period the consumption `key` took it from (a new
   * month has already restored everything) and never above the plan's allowance. Unlimited: nothing to do.
   */
  async giveBackOne(
    db: Kysely<BillingDatabase>,
    consumption: { userId: string; kind: AllowanceKind; key: string },
    now: Date,
  ): Promise<void> {
    const column = leftColumn[consumption.kind];
    await db
      .updateTable('billing_accounts')
      .set(column, sql<number>`least(${sql.ref(column)} + 1, ${planAllowanceOfRow(consumption.kind)})`)
      .set({ updated_at: now })
      .where('user_id', '=', consumption.userId)
      .where(column, 'is not', null)
      .where('period_end', '>', now)
      .where('period_start', '=', (eb) =>
        eb
          .selectFrom('allowance_consumptions')
          .select('period_start')
          .where('user_id', '=', consumption.userId)
          .where('kind', '=', consumption.kind)
          .where('key', '=', consumption.key),
      )
      .execute();
  },

  /**
   * Sets or clears a local plan's cancellation at the end of its period. Undefined when there is no local
   * plan in force (a provider's plan is cancelled at the provider, and follows it through webhooks).
   */
  setLocalCancellation(
    db: Kysely<BillingDatabase>,
    change: { userId: string; cancel: boolean; now: Date },
  ): Promise<BillingAccountRow | undefined> {
    return db
      .updateTable('billing_accounts')
      .set({
        cancel_at_period_end: change.cancel,
        plan_ends_at: change.cancel ? sql<Date>`period_end` : null,
        updated_at: change.now,
      })
      .where('user_id', '=', change.userId)
      .where('provider', '=', 'local')
      .where('account_type', '!=', 'null')
      .returningAll()
      .executeTakeFirst();
  },

  /**
   * Ends a local plan whose cancellation has come due: the account is plan-less from then on, its books
   * still its own. Undefined when there was nothing to end. Runs before any read that rolls the period
   * over, so a cancelled plan never starts another month.
   */
  endDueLocalPlan(db: Kysely<BillingDatabase>, userId: string, now: Date): Promise<BillingAccountRow | undefined> {
    return db
      .updateTable('billing_accounts')
      .set({
        account_type: 'null',
        subscription_status: 'canceled',
        next_billing_date: null,
        cancel_at_period_end: false,
        plan_ends_at: null,
        books_left: planAllowance('null', 'book'),
        covers_left: planAllowance('null', 'cover'),
        translations_left: planAllowance('null', 'translation'),
        updated_at: now,
      })
      .where('user_id', '=', userId)
      .where('provider', '=', 'local')
      .where('cancel_at_period_end', '=', true)
      .where(sql<boolean>`coalesce(plan_ends_at, period_end) <= ${now}::timestamptz`)
      .returningAll()
      .executeTakeFirst();
  },

  /**
   * Switches a plan in force to `accountType` within its period: the period, its renewal date and what
   * was used stay (the caller passes the allowances left, domain/plan-switch.ts). Undefined when the
   * account is not on another plan in force.
   */
  switchPlan(
    db: Kysely<BillingDatabase>,
    change: {
      userId: string;
      accountType: PaidAccountType | 'enterprise';
      provider: string;
      now: Date;
      left: LeftColumns;
    },
  ): Promise<BillingAccountRow | undefined> {
    return db
      .updateTable('billing_accounts')
      .set({
        account_type: change.accountType,
        provider: change.provider,
        cancel_at_period_end: false,
        plan_ends_at: null,
        ...change.left,
        updated_at: change.now,
      })
      .where('user_id', '=', change.userId)
      .where('account_type', 'not in', ['null', change.accountType])
      .where('subscription_status', '=', 'active')
      .returningAll()
      .executeTakeFirst();
  },

  /**
   * Puts the account on `accountType` from `now`: a fresh period with the plan's allowances, renewing a
   * month later. Undefined when that plan is already active, so a repeated checkout changes nothing.
   */
  activatePlan(
    db: Kysely<BillingDatabase>,
    change: { userId: string; accountType: PaidAccountType; provider: string; now: Date },
  ): Promise<BillingAccountRow | undefined> {
    const { now, accountType } = change;
    const periodEnd = plusMonths(now, 1);
    return db
      .updateTable('billing_accounts')
      .set({
        account_type: accountType,
        subscription_status: 'active',
        provider: change.provider,
        period_anchor: now,
        period_start: now,
        period_end: periodEnd,
        next_billing_date: periodEnd,
        // A change of plan is a fresh start: a pending cancellation of the old one does not carry over.
        cancel_at_period_end: false,
        plan_ends_at: null,
        books_left: planAllowance(accountType, 'book'),
        covers_left: planAllowance(accountType, 'cover'),
        translations_left: planAllowance(accountType, 'translation'),
        updated_at: now,
      })
      .where('user_id', '=', change.userId)
      .where((eb) =>
        eb.or([eb('account_type', '!=', accountType), eb('subscription_status', 'is distinct from', 'active')]),
      )
      .returningAll()
      .executeTakeFirst();
  },
};

/** What is left of each allowance, as the account's columns. */
export interface LeftColumns {
  books_left: number | null;
  covers_left: number | null;
  translations_left: number | null;
}

const isoOrNull = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** The billing half of the spec's User entity. */
export function presentSummary(row: BillingAccountRow): BillingSummary {
  return {
    accountType: row.account_type,
    nextBillingDate: isoOrNull(row.next_billing_date),
    subscriptionStatus: row.subscription_status,
    stripeCustomerId: row.stripe_customer_id,
    stripeSubscriptionId: row.stripe_subscription_id,
    billingAddress: row.billing_address,
    billingCity: row.billing_city,
    billingState: row.billing_state,
    billingZip: row.billing_zip,
    billingPostalCode: row.billing_zip,
    billingCountry: row.billing_country,
    companyName: row.company_name,
    vatNumber: row.vat_number,
    sdi: row.sdi,
    booksLeftThisMonth: row.books_left,
    coversLeftThisMonth: row.covers_left,
    translationsLeftThisMonth: row.translations_left,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    planEndsAt: row.cancel_at_period_end ? isoOrNull(row.plan_ends_at ?? row.period_end) : null,
    // Only Stripe has a portal, and only for someone who is already its customer (openPortal's 400 otherwise).
    billingPortal: row.stripe_customer_id !== null,
  };
}

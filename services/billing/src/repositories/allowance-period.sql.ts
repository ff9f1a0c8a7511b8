import { sql, type RawBuilder } from 'kysely';
import { plans, type AccountType } from '@bookwright/contracts/http';
import { type AllowanceKind } from '@bookwright/contracts/bus';

/*
 * SQL fragments for the monthly allowance period of a `billing_accounts` row. They are spliced into the
 * UPDATE that reads or consumes, so a period that has ended is rolled over by the very statement that
 * needs it: no cron, nothing to miss across restarts, and two replicas cannot both reset the same
 * month, because an UPDATE re-evaluates its expressions on the row version it finally locks.
 * `add_months_utc` and `whole_months_between` are defined by the 0001 migration.
 */

export const leftColumn = {
  book: 'books_left',
  cover: 'covers_left',
  translation: 'translations_left',
} as const satisfies Record<AllowanceKind, string>;

const planField = { book: 'books', cover: 'covers', translation: 'translations' } as const;

/** A plan's monthly allowance of `kind` (null = unlimited), from the contracts' plan table. */
export function planAllowance(accountType: AccountType, kind: AllowanceKind): number | null {
  return plans[accountType][planField[kind]];
}

/** The same, for the row's own `account_type`. */
export function planAllowanceOfRow(kind: AllowanceKind): RawBuilder<number | null> {
  const cases = (Object.keys(plans) as AccountType[]).map(
    (type) => sql`when ${type} then ${planAllowance(type, kind)}::integer`,
  );
  return sql<number | null>`(case account_type ${sql.join(cases, sql` `)} else 0 end)`;
}

/** `instant` plus whole calendar months (UTC), the day clamped to the month's end. */
export const plusMonths = (instant: Date, months: number) =>
  sql<Date>`add_months_utc(${instant}::timestamptz, ${months}::integer)`;

/**
 * True when the row's stored period ended at or before `now` and rolls over by itself. A Stripe
 * subscription's period moves only when Stripe reports its invoice paid (the webhook): an unpaid renewal
 * must not hand out a new month.
 */
export const periodEnded = (now: Date) =>
  sql<boolean>`(period_end <= ${now}::timestamptz and provider is distinct from 'stripe')`;

type LeftOverrides = Partial<Record<AllowanceKind, RawBuilder<number | null>>>;

/**
 * The row's columns as they are at `now`: unchanged while the period runs; once it has ended, the
 * period moves forward by as many whole months as have passed since the anchor and every allowance is
 * back to the plan's number. For an UPDATE's SET, where every expression reads the row's old values.
 */
export function rolledOver(now: Date) {
  const ended = periodEnded(now);
  const months = sql<number>`whole_months_between(period_anchor, ${now}::timestamptz)`;
  const start = sql<Date>`add_months_utc(period_anchor, ${months})`;
  const end = sql<Date>`add_months_utc(period_anchor, ${months} + 1)`;
  const left = (kind: AllowanceKind) =>
    sql<number | null>`(case when ${ended} then ${planAllowanceOfRow(kind)} else ${sql.ref(leftColumn[kind])} end)`;
  return {
    /** The allowance of `kind` left at `now`, after any reset. */
    left,
    /** The SET clause; `overrides` replace the rolled-over value of an allowance (to take one from it). */
    columns: (overrides: LeftOverrides = {}) => ({
      period_start: sql<Date>`(case when ${ended} then ${start} else period_start end)`,
      period_end: sql<Date>`(case when ${ended} then ${end} else period_end end)`,
      books_left: overrides.book ?? left('book'),
      covers_left: overrides.cover ?? left('cover'),
      translations_left: overrides.translation ?? left('translation'),
      // The local provider never bills, so nothing else would move its renewal date; a real provider's
      // date is set from what the provider reports. A local plan that ended bills nothing again.
      next_billing_date: sql<Date | null>`(case when ${ended} and provider = 'local' and account_type <> 'null' then ${end}
        else next_billing_date end)`,
    }),
  };
}

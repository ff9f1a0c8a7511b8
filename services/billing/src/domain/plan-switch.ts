import type { AccountType } from '@bookwright/contracts/http';
import type { AllowanceKind } from '@bookwright/contracts/bus';
import type { Kysely } from 'kysely';
import type { BillingDatabase } from '../db/schema';
import { planAllowance } from '../repositories/allowance-period.sql';
import { consumptionsRepository } from '../repositories/consumptions.repository';

export type AllowancesLeft = Record<AllowanceKind, number | null>;

/**
 * The allowance rule of a plan switch within a period (docs/decisions/0018): what was used this period
 * stays used. The new plan's allowance minus what the period has already taken, never below zero, or
 * unlimited on an unlimited plan. An upgrade therefore raises what is left, and a downgrade never gives
 * back spent units: Starter → Professional → Starter after 10 books leaves 0 books, not a fresh 10.
 */
export function allowancesAfterSwitch(plan: AccountType, used: Record<AllowanceKind, number>): AllowancesLeft {
  const left = (kind: AllowanceKind) => {
    const allowance = planAllowance(plan, kind);
    return allowance === null ? null : Math.max(0, allowance - used[kind]);
  };
  return { book: left('book'), cover: left('cover'), translation: left('translation') };
}

/**
 * The units taken since `periodStart` and not given back, by kind: kept ones and ones still reserved for
 * a book (a released or refunded reservation was given back). Counted rather than derived from the
 * `*_left` columns, which say nothing on an unlimited plan.
 */
export function usedSince(
  db: Kysely<BillingDatabase>,
  userId: string,
  periodStart: Date | string,
): Promise<Record<AllowanceKind, number>> {
  return consumptionsRepository.countUsedSince(db, userId, periodStart);
}

/** The `*_left` columns for `plan` after a switch in the period that began at `periodStart`. */
export async function switchedAllowanceColumns(
  db: Kysely<BillingDatabase>,
  userId: string,
  plan: AccountType,
  periodStart: Date | string,
) {
  const left = allowancesAfterSwitch(plan, await usedSince(db, userId, periodStart));
  return { books_left: left.book, covers_left: left.cover, translations_left: left.translation };
}

import { hasPlan, plans, type User } from '@bookwright/contracts/http';
import { useCurrentUserQuery } from '../auth/authApi';

/**
 * What current-user says about the end of a plan (issue 19). Optional here because a gateway of the
 * previous release does not send them yet; absent means "no cancellation, no portal".
 */
export interface PlanEndFields {
  /** The plan is cancelled and ends at the close of its paid period, on planEndsAt. */
  cancelAtPeriodEnd?: boolean;
  planEndsAt?: string | null;
  /** A billing portal exists (Stripe); local payment mode has none. */
  billingPortal?: boolean;
}
export type AccountUser = User & PlanEndFields;

/** The plans page inside the app, where an account without a plan (or changing it) chooses one. */
export const plansPath = '/app/plans';

/** True while the signed-in account has a plan (and while the user is still loading, so nothing flickers). */
export function useHasPlan(): boolean {
  const { data: user } = useCurrentUserQuery();
  return user ? hasPlan(user) : true;
}

/** The date a plan ends, as day and month name in the reader's language: "12 December" in en-GB. */
export function planEndDate(iso: string, locale: string = navigator.language): string {
  return new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'long' });
}

/**
 * "Your Professional plan ends on 12 December", when the plan is cancelled at period end; undefined
 * otherwise. `label` is the plan's configured name (GET /payment/plans), contracts' name until it arrived.
 */
export function planEndsText(user: AccountUser, label?: string): string | undefined {
  if (!user.cancelAtPeriodEnd || !user.planEndsAt || !hasPlan(user)) return undefined;
  return `Your ${label ?? plans[user.accountType].label} plan ends on ${planEndDate(user.planEndsAt)}`;
}

import { AppError, errorScreens } from '@bookwright/contracts/http';
import type { BillingAccountRow } from '../db/schema';

/** The texts of seat changes that the contracts do not hold (the payer's side of a workspace). */
export const seatMessages = {
  /** Stripe is the provider but the Enterprise plan has no live subscription, or no seat price is set. */
  notSoldOnline: 'Seats of this Enterprise plan are not sold online: contact sales to change them',
} as const;

/** Seats are bought by an Enterprise plan in force; anyone else gets the spec's 402. */
export function assertPaysForSeats(account: BillingAccountRow): void {
  if (account.account_type !== 'enterprise' || account.subscription_status !== 'active')
    throw new AppError(402, errorScreens[402].description);
}

/** A change of a workspace's seat count, as the payments port prices it. */
export interface SeatChange {
  currentSeats: number;
  seats: number;
  /** The monthly price of one seat, in cents (the configured one). */
  perSeat: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}

/**
 * What the change costs for the rest of the current period, in cents (negative = a credit): the seats
 * added or removed, at the monthly price, for the share of the period that is left. Seconds, like Stripe.
 */
export function proratedSeatsAmount(change: SeatChange): number {
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  const length = seconds(change.periodEnd) - seconds(change.periodStart);
  if (length <= 0) return 0;
  const left = Math.min(length, Math.max(0, seconds(change.periodEnd) - seconds(change.now)));
  return Math.round(((change.seats - change.currentSeats) * change.perSeat * left) / length);
}

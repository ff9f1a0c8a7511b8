import { keepNamedReservation } from '../domain/keep-named-reservation';
import type { BillingHandlerDeps } from './deps';

/** book.confirmed: the book being written holds the reservation of its attempt (a retry's, or its creation's again). Billing keeps it (decision 0054). */
export function onBookConfirmed(deps: BillingHandlerDeps) {
  return keepNamedReservation(deps);
}

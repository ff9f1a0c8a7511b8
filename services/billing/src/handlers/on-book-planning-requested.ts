import { keepNamedReservation } from '../domain/keep-named-reservation';
import type { BillingHandlerDeps } from './deps';

/** book.planning-requested: the book being planned holds the reservation of its attempt (a retry's, or its creation's again). Billing keeps it (decision 0054). */
export function onBookPlanningRequested(deps: BillingHandlerDeps) {
  return keepNamedReservation(deps);
}

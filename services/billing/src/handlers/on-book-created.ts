import { keepNamedReservation } from '../domain/keep-named-reservation';
import type { BillingHandlerDeps } from './deps';

/** book.created: the new book holds the reservation its creation made. Billing keeps it (decision 0054). */
export function onBookCreated(deps: BillingHandlerDeps) {
  return keepNamedReservation(deps);
}

import { keepNamedReservation } from '../domain/keep-named-reservation';
import type { BillingHandlerDeps } from './deps';

/** book.translation-requested: the translation holds the reservation of its attempt (its creation's, or a retry's). Billing keeps it (decision 0054). */
export function onBookTranslationRequested(deps: BillingHandlerDeps) {
  return keepNamedReservation(deps);
}

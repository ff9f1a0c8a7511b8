import type { events } from '@bookwright/contracts/events';
import type { EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import type { BillingHandlerDeps } from '../handlers/deps';
import { confirmReservation } from './confirm-reservation';

/** The events that ask for a stored book's attempt, each naming the reservation that pays for it. */
type AttemptEvent = z.output<
  (typeof events)['bookCreated' | 'bookPlanningRequested' | 'bookConfirmed' | 'bookTranslationRequested']['schema']
>;

/**
 * What billing does with book.created, book.planning-requested, book.confirmed and
 * book.translation-requested (handlers/on-<event>.ts): the book service stored a book holding the
 * reservation the event names, so billing keeps it (decision 0054). Each is
 * idempotent per key: a repeat, or a second event naming the same key, keeps nothing twice. An event
 * without a key (an imported book, or from before the fields) says nothing about the allowance.
 */
export function keepNamedReservation(deps: BillingHandlerDeps) {
  return async (data: AttemptEvent, meta: EventMeta): Promise<void> => {
    if (!data.allowanceKey) return;
    const reservation = { userId: data.userId, kind: data.allowanceKind ?? 'book', key: data.allowanceKey };
    const outcome = await confirmReservation(deps, reservation);
    // Not an alarm: a book made before reservations were recorded names a key billing never held.
    if (outcome === 'unknown')
      meta.logger.info({ bookId: data.bookId, ...reservation }, 'a book holds a reservation billing never made');
    else meta.logger.debug({ bookId: data.bookId, key: data.allowanceKey, outcome }, 'reservation held by a book');
  };
}

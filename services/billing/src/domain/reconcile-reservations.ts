import type { Logger } from '@bookwright/kit';
import type { Kysely } from 'kysely';
import type { BillingDatabase } from '../db/schema';
import { accountsRepository } from '../repositories/accounts.repository';
import { reservationsRepository } from '../repositories/reservations.repository';

export interface ReconcileReservationsDeps {
  db: Kysely<BillingDatabase>;
  logger: Logger;
  now: () => Date;
}

export interface ReconcileReservationsOptions {
  /** How long a reservation may wait for an event of its book before it is given back. */
  confirmWithinMs: number;
  /** Reservations looked at per run; the rest wait for the next run. */
  batch?: number;
}

export interface ReconciliationResult {
  released: number;
}

/**
 * Gives back the reservations no book confirmed by their deadline. The book service reserves a unit, then
 * stores the book with an event that names the reservation's key (domain/keep-named-reservation.ts); a
 * process that dies in between leaves a reservation no event will ever name. Billing asks nobody
 * (decision 0054): what is still reserved `confirmWithinMs` after it was made is given back.
 *
 * An event that comes after the deadline (a slow insert, an outbox or bus held up) finds its reservation
 * given back and takes the unit again (confirm-reservation.ts), so no book is ever stored for free.
 * Replicas may run this at the same time: each release is a conditional update, applied once, and it
 * waits on the row lock of a confirmation in progress for the same key.
 */
export function reconcileReservations(deps: ReconcileReservationsDeps, options: ReconcileReservationsOptions) {
  return async (): Promise<ReconciliationResult> => {
    const result: ReconciliationResult = { released: 0 };
    const madeBefore = new Date(deps.now().getTime() - options.confirmWithinMs);
    const due = await reservationsRepository.due(deps.db, madeBefore, options.batch ?? 100);
    for (const reservation of due) {
      const released = await deps.db.transaction().execute(async (trx) => {
        if (!(await reservationsRepository.release(trx, reservation, deps.now()))) return false;
        await accountsRepository.giveBackOne(trx, reservation, deps.now());
        return true;
      });
      if (released) {
        result.released += 1;
        deps.logger.info({ ...reservation }, 'reservation no book confirmed given back');
      }
    }
    return result;
  };
}

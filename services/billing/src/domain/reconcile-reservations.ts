import { requests } from '@bookwright/contracts/bus';
import type { Bus, Logger } from '@bookwright/kit';
import type { Kysely } from 'kysely';
import type { BillingDatabase } from '../db/schema';
import { accountsRepository } from '../repositories/accounts.repository';
import { reservationsRepository } from '../repositories/reservations.repository';

export interface ReconcileReservationsDeps {
  db: Kysely<BillingDatabase>;
  bus: Bus;
  logger: Logger;
  now: () => Date;
}

export interface ReconcileReservationsOptions {
  /** How long a reservation may wait for its book's confirmation before the book service is asked. */
  confirmWithinMs: number;
  /** How long to wait for the book service's answer. */
  askTimeoutMs: number;
  /** Reservations looked at per run; the rest wait for the next run. */
  batch?: number;
}

export interface ReconciliationResult {
  kept: number;
  released: number;
  /** The book service did not answer: asked again at the next run. */
  undecided: number;
}

/**
 * Gives back the reservations no book confirmed. The book service reserves a unit, stores the book, then
 * confirms; a process that dies in between (or a confirmation lost on the way) leaves a reservation
 * waiting. Once it has waited `confirmWithinMs`, the book service is asked whether a book holds its key:
 * if one does the unit is kept, otherwise it is given back. While the book service does not answer,
 * nothing is decided: a book may exist.
 *
 * A book whose insert is still running when its reservation is released confirms afterwards, and the
 * confirmation takes the unit again (confirm-allowance.ts), so no book is ever stored for free.
 * Replicas may run this at the same time: each move is a conditional update, applied once.
 */
export function reconcileReservations(deps: ReconcileReservationsDeps, options: ReconcileReservationsOptions) {
  return async (): Promise<ReconciliationResult> => {
    const result: ReconciliationResult = { kept: 0, released: 0, undecided: 0 };
    const madeBefore = new Date(deps.now().getTime() - options.confirmWithinMs);
    const due = await reservationsRepository.due(deps.db, madeBefore, options.batch ?? 100);
    for (const reservation of due) {
      let held: boolean;
      try {
        ({ held } = await deps.bus.request(
          requests.book.holdsAllowance,
          { userId: reservation.userId, key: reservation.key },
          { timeoutMs: options.askTimeoutMs },
        ));
      } catch (error) {
        result.undecided += 1;
        deps.logger.warn(
          { err: error, ...reservation },
          'could not ask whether a book holds a reservation; asking again later',
        );
        continue;
      }
      if (held) {
        if (await reservationsRepository.keep(deps.db, reservation)) result.kept += 1;
        continue;
      }
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

import type { Kysely } from 'kysely';
import type { Logger } from '@bookwright/kit';
import type { BillingDatabase } from '../db/schema';
import { accountsRepository } from '../repositories/accounts.repository';
import { consumptionsRepository, type ConsumptionKey } from '../repositories/consumptions.repository';
import { reservationsRepository } from '../repositories/reservations.repository';

/** What became of a reservation an event of its book named. */
export type Confirmation =
  /** Kept now, or kept already (a repeated event). */
  | 'kept'
  /** Given back by the reconciliation before the event came: taken again for the book that holds it. */
  | 'taken-again'
  /** Given back by the reconciliation, and nothing is left to take: the book is kept, unpaid. */
  | 'none-left'
  /** Given back for good (its book failed, or was never stored): nothing is taken again. */
  | 'given-back'
  /** A key billing holds no reservation for (an unknown key, or an account already deleted). */
  | 'unknown';

/**
 * A book holds the unit reserved under `key`: it is kept, and the reconciliation leaves it alone. The
 * event that says so may come more than once and at any time, before or after the deadline: a book stored
 * so late that the reconciliation had already given its reservation back takes a unit again, so a book is
 * never free because an event was slow; with nothing left it is logged and kept. The row lock orders this
 * against the reconciliation's release and a failure's refund of the same key.
 */
export async function confirmReservation(
  deps: { db: Kysely<BillingDatabase>; logger: Logger; now: () => Date },
  reservation: ConsumptionKey,
): Promise<Confirmation> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const found = await reservationsRepository.lock(trx, reservation);
    if (!found) return 'unknown';
    if (found.state === 'reserved') await reservationsRepository.keep(trx, reservation);
    // Refunded otherwise than by the reconciliation (its book failed already): given back for good.
    if (found.state !== 'released') return found.refunded ? 'given-back' : 'kept';
    const taken = await accountsRepository.takeOne(trx, reservation.userId, reservation.kind, now);
    if (!taken) {
      deps.logger.warn({ ...reservation }, 'a book was stored after its reservation was given back, and none is left');
      return 'none-left';
    }
    await reservationsRepository.retake(trx, reservation, now);
    await consumptionsRepository.recordPeriod(trx, reservation);
    deps.logger.info({ ...reservation }, 'reservation given back too early taken again for its book');
    return 'taken-again';
  });
}

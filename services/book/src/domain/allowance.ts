import { AppError, errorScreens, hasPlan } from '@bookwright/contracts/http';
import { requests, type AllowanceKind } from '@bookwright/contracts/bus';
import type { BookHandlerDeps } from '../handlers/deps';

/**
 * One unit of the month's `kind` allowance, under `key` (403 with the spec text when none is left), for a
 * book about to hold it. Billing keeps it reserved until an event of the stored book names `key`
 * (`heldAllowance`, written in the transaction that stores the book), and gives it back if none has by
 * its deadline (this process died before storing the book). Billing never asks back (decision 0054).
 */
export async function reserveAllowance(
  deps: BookHandlerDeps,
  userId: string,
  kind: AllowanceKind,
  key: string,
  requestId?: string,
  /** Who spends it when not the payer: a workspace's member spends its owner's pool. */
  spentBy?: string,
) {
  await deps.bus.request(
    requests.billing.consumeAllowance,
    { userId, kind, key, awaitsConfirmation: true, ...(spentBy && spentBy !== userId ? { spentBy } : {}) },
    { requestId },
  );
}

/** One book of the month's allowance, under `key` (403 with the spec text when none is left). */
export async function reserveBook(
  deps: BookHandlerDeps,
  userId: string,
  key: string,
  requestId?: string,
  spentBy?: string,
) {
  await reserveAllowance(deps, userId, 'book', key, requestId, spentBy);
}

/**
 * Translating and writing are plan features (spec §9): an account without a plan is answered 402 with the
 * spec's text before anything is reserved or moved.
 */
export async function requirePlan(deps: BookHandlerDeps, userId: string, requestId?: string) {
  const summary = await deps.bus.request(requests.billing.getSummary, { userId }, { requestId });
  if (!hasPlan(summary)) throw new AppError(402, errorScreens[402].description);
}

/**
 * Gives back a reservation whose book was not stored or not moved. Best effort: billing's refund is
 * idempotent, and a reservation that holds no book is only logged if it cannot be given back now.
 */
export async function releaseAllowance(
  deps: BookHandlerDeps,
  userId: string,
  kind: AllowanceKind,
  key: string,
  requestId?: string,
) {
  await deps.bus
    .request(requests.billing.refundAllowance, { userId, kind, key }, { requestId })
    .catch((error: unknown) => {
      deps.logger.error({ err: error, userId, kind, key }, 'could not give back a reservation');
    });
}

export async function releaseBook(deps: BookHandlerDeps, userId: string, key: string, requestId?: string) {
  await releaseAllowance(deps, userId, 'book', key, requestId);
}

import { requests } from '@bookwright/contracts';
import type { BookHandlerDeps } from './deps';

/** One book of the month's allowance, under `key` (403 with the spec text when none is left). */
export async function reserveBook(deps: BookHandlerDeps, userId: string, key: string, requestId?: string) {
  await deps.bus.request(requests.billing.consumeAllowance, { userId, kind: 'book', key }, { requestId });
}

/**
 * Gives back a reservation whose book was not stored or not moved. Best effort: billing's refund is
 * idempotent, and a reservation that holds no book is only logged if it cannot be given back now.
 */
export async function releaseBook(deps: BookHandlerDeps, userId: string, key: string, requestId?: string) {
  await deps.bus
    .request(requests.billing.refundAllowance, { userId, kind: 'book', key }, { requestId })
    .catch((error: unknown) => {
      deps.logger.error({ err: error, userId, key }, 'could not give back a book reservation');
    });
}

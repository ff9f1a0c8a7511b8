import type { events } from '@bookwright/contracts/events';
import type { EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import type { BillingHandlerDeps } from './deps';
import { refundAllowance } from './refund-allowance';

/**
 * book.failed: the attempt that failed paid for nothing, so the book (or, for a translation, the
 * translation) it reserved comes back. The refund
 * is idempotent per key, so a redelivered event gives nothing twice; a failed book with no reservation
 * (created before reservations were recorded) gives nothing.
 */
export function onBookFailed(deps: BillingHandlerDeps) {
  const refund = refundAllowance(deps);
  return async (data: z.output<(typeof events.bookFailed)['schema']>, meta: EventMeta): Promise<void> => {
    if (!data.allowanceKey) return;
    await refund({ userId: data.userId, kind: data.allowanceKind ?? 'book', key: data.allowanceKey });
    meta.logger.debug({ bookId: data.bookId, key: data.allowanceKey }, 'failed book: reservation given back');
  };
}

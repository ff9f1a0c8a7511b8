import { AppError, requests } from '@bookwright/contracts';
import type { z } from 'zod';
import type { PlannerHandlerDeps } from './deps';

type Def = typeof requests.planner.plan;

/**
 * POST /agent/plan: one book from the allowance, then the book in status planning. The HTTP request id
 * keys both steps, so a retried request neither pays twice nor creates two books.
 */
export function requestPlan(deps: PlannerHandlerDeps) {
  return async ({ userId, plan, requestId }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const key = `plan:${requestId}`;
    await deps.bus.request(requests.billing.consumeAllowance, { userId, kind: 'book', key }, { requestId });
    try {
      return await deps.bus.request(requests.book.create, { userId, plan, idempotencyKey: key }, { requestId });
    } catch (error) {
      // The book was not created: give the allowance back (best effort; billing's refund is idempotent).
      await deps.bus
        .request(requests.billing.refundAllowance, { userId, kind: 'book', key }, { requestId })
        .catch((refundError: unknown) => {
          deps.logger.error({ err: refundError, userId }, 'could not refund a book after a failed create');
        });
      if (error instanceof AppError) throw error;
      throw new AppError(500, 'Failed to create book', { cause: error });
    }
  };
}

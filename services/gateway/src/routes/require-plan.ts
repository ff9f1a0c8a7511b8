import type { FastifyRequest } from 'fastify';
import { AppError, errorScreens } from '@bookwright/contracts';
import { lastWriteOf } from '../read-models/own-writes';
import { loadCurrentUser } from './current-user';
import type { RouteDeps } from './route-deps';

/**
 * A preHandler for what only a plan pays for and no allowance counts (AI rewriting, AI metadata): an
 * account without a plan is answered 402 with the spec's text. Everything else an author holds (books,
 * exports, invoices, settings, the takeout) stays open to it: docs/decisions/0012.
 */
export function requirePlan(deps: Pick<RouteDeps, 'bus' | 'currentUsers' | 'config'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const { userId } = request.session!;
    const user = await deps.currentUsers.current(userId, lastWriteOf(request), () =>
      loadCurrentUser(deps.bus, userId, request.id, deps.config.BUS_TIMEOUT_MS),
    );
    if (user.accountType === 'null') throw new AppError(402, errorScreens[402].description);
  };
}

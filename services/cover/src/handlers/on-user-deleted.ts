import type { events } from '@bookwright/contracts';
import type { EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import type { CoverHandlerDeps } from './deps';

/** A deleted account's generation records (the rate-limit history) go at once. */
export function onUserDeleted(deps: Pick<CoverHandlerDeps, 'db'>) {
  return async ({ userId }: z.output<(typeof events.userDeleted)['schema']>, meta: EventMeta) => {
    const result = await deps.db.deleteFrom('cover_generations').where('user_id', '=', userId).executeTakeFirst();
    meta.logger.info({ userId, generations: Number(result.numDeletedRows) }, "deleted account's generations removed");
  };
}

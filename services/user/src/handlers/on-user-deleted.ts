import type { events } from '@bookwright/contracts/events';
import { forgetPublishedEventsOf, type EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import type { UserHandlerDeps } from './deps';
import { removeAvatars } from './update-account';

/**
 * The user service's own part of `user.deleted` (the rows went with the deletion): the avatar blobs, and
 * the published events that still carry the user's name and email.
 */
export function onUserDeleted(deps: UserHandlerDeps) {
  return async ({ userId }: z.output<(typeof events.userDeleted)['schema']>, meta: EventMeta) => {
    await removeAvatars(deps, userId, meta);
    await forgetPublishedEventsOf(deps.db, userId);
  };
}

import type { CollabHandlerDeps, EventPayload } from './deps';

/** Someone left a book or was removed from it: their connections to it close now (`access-removed`). */
export const onBookMemberRemoved =
  ({ connections, logger, now }: CollabHandlerDeps) =>
  async ({ bookId, memberId }: EventPayload<'bookMemberRemoved'>) => {
    connections.revoke(memberId, bookId, now());
    const closed = connections.closeWhere((c) => c.userId === memberId && c.bookId === bookId, 'access-removed');
    if (closed > 0) logger.info({ bookId, memberId, closed }, 'collab: removed member disconnected');
  };

import type { CollabHandlerDeps, EventPayload } from './deps';

/**
 * Someone's role on a book changed: their connections close with `role-changed`, and the browser
 * reconnects with a fresh token, which carries the new role (read-only or not) from the access check.
 */
export const onBookMemberRoleChanged =
  ({ connections, logger }: CollabHandlerDeps) =>
  async ({ bookId, memberId, role }: EventPayload<'bookMemberRoleChanged'>) => {
    const closed = connections.closeWhere(
      (c) => c.userId === memberId && c.bookId === bookId && c.role !== role,
      'role-changed',
    );
    if (closed > 0) logger.info({ bookId, memberId, role, closed }, 'collab: role changed, reconnecting');
  };

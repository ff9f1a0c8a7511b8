import type { CollabHandlerDeps, EventPayload } from './deps';

/**
 * Someone left a team workspace: the event names no book, so each of their open connections asks the
 * book service again (a share of the book may keep them on it) and closes when it answers no role, or
 * another role than the connection has.
 */
export const onWorkspaceMemberRemoved =
  ({ connections, access, logger }: CollabHandlerDeps) =>
  async ({ workspaceId, memberId }: EventPayload<'workspaceMemberRemoved'>) => {
    const theirs = connections.all().filter(([, context]) => context.userId === memberId);
    await Promise.all(
      theirs.map(async ([connection, context]) => {
        let role: Awaited<ReturnType<typeof access.roleOn>>;
        try {
          role = await access.roleOn(memberId, context.bookId);
        } catch (error) {
          // Asked again when their token is next refreshed (at most five minutes away).
          logger.warn({ err: error, workspaceId, memberId }, 'collab: access could not be checked again');
          return;
        }
        if (role === context.role) return;
        connections.close(connection, role ? 'role-changed' : 'access-removed');
        logger.info({ workspaceId, memberId, bookId: context.bookId, role }, 'collab: workspace member re-checked');
      }),
    );
  };

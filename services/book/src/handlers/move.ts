import { AppError, workspaceMessages } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import { enqueueEvent } from '@bookwright/kit';
import type { z } from 'zod';
import { roleOn } from '../access/book-access';
import { presentSummary } from '../domain/present-book';
import { booksRepository } from '../repositories/books.repository';
import { recordAudit } from '../workspaces/audit.repository';
import { workspacesRepository } from '../workspaces/workspaces.repository';
import { nowOf, type BookHandlerDeps } from './deps';
import { changeOwnedBook } from '../domain/owned-book';

type Def = (typeof requests.book)['move'];

/**
 * POST /book/{id}/move: the book's owner (in a workspace, its admins) moves it into a workspace they belong
 * to. From then on it is the workspace's: its owner pays for its AI work, every member sees it, and the
 * person who made it keeps `created_by`. Its shares stay. Both workspaces' logs record the move.
 */
export function moveBook(deps: BookHandlerDeps) {
  return async ({ userId, bookId, workspaceId }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const now = nowOf(deps);
    const moved = await changeOwnedBook(
      deps,
      { userId, bookId, action: 'delete', planFree: true },
      async (trx, book) => {
        const target = await workspacesRepository.find(trx, workspaceId);
        if (!target || !(await workspacesRepository.roleOf(trx, workspaceId, userId)))
          throw new AppError(403, workspaceMessages.notAMember, { code: 'not_a_member' });
        // Moving it where it is already is a retried move: answered as the first one was.
        if (book.workspace_id === workspaceId) return book;
        const row = await booksRepository.update(trx, bookId, {
          workspace_id: workspaceId,
          user_id: target.owner_id,
          created_by: book.created_by ?? book.user_id,
        });
        const about = { book: { id: bookId, title: book.title } };
        await recordAudit(trx, { workspaceId, actorId: userId, action: 'book.moved-in', ...about }, { ...deps, now });
        if (book.workspace_id !== null)
          await recordAudit(
            trx,
            { workspaceId: book.workspace_id, actorId: userId, action: 'book.moved-out', ...about },
            { ...deps, now },
          );
        // The libraries of the one who had it and of the one who pays for it now change.
        for (const owner of new Set([book.user_id, target.owner_id]))
          await enqueueEvent(trx, events.bookUpdated, {
            bookId,
            userId: owner,
            fields: ['workspaceId'],
            status: row.status,
          });
        return row;
      },
    );
    deps.logger.info({ bookId, workspaceId, userId }, 'book moved into a workspace');
    // A member who moved their book in is its co-author from now on; an admin keeps the owner's rights.
    return presentSummary(moved, (await roleOn(deps.db, userId, moved)) ?? 'viewer');
  };
}

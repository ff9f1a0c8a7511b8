import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import type { BookHandlerDeps } from './deps';
import { requireOwned } from '../domain/owned-book';
import { trashRepository } from '../repositories/trash.repository';

type Def = (typeof requests.book)['access'];

/** Internal: the access module's answer for a route that serves a book's data from elsewhere (a cover image). */
export function checkAccess(deps: BookHandlerDeps) {
  return async ({ userId, bookId, action, inTrash }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    // The trash lists its owner's books with their covers (GET /book/trash): the owner may still see those,
    // else the trash view shows a broken image for every cover the browser had not kept from the library.
    if (inTrash && action === 'read') {
      const trashed = await trashRepository.findOwnedTrashed(deps.db, bookId, userId);
      if (trashed) return { role: 'owner', ownerId: trashed.user_id, workspaceId: trashed.workspace_id ?? null };
    }
    const book = await requireOwned(deps, { userId, bookId, action, planFree: true });
    return { role: book.role, ownerId: book.user_id, workspaceId: book.workspace_id ?? null };
  };
}

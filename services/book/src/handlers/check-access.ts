import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import type { BookHandlerDeps } from './deps';
import { requireOwned } from '../domain/owned-book';

type Def = (typeof requests.book)['access'];

/** Internal: the access module's answer for a route that serves a book's data from elsewhere (a cover image). */
export function checkAccess(deps: BookHandlerDeps) {
  return async ({ userId, bookId, action }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const book = await requireOwned(deps, { userId, bookId, action, planFree: true });
    return { role: book.role, ownerId: book.user_id, workspaceId: book.workspace_id ?? null };
  };
}

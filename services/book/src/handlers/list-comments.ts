import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { readThreads } from '../comments/read-threads';
import type { BookHandlerDeps } from './deps';
import { requireOwned } from '../domain/owned-book';

type Def = (typeof requests.book)['listComments'];

/** GET /book/{id}/comments: every thread with its replies, for anyone on the book (viewers read them too). */
export function listComments(deps: BookHandlerDeps) {
  return async ({ userId, bookId }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    await requireOwned(deps, { userId, bookId, action: 'read', planFree: true });
    return { comments: await readThreads(deps, bookId) };
  };
}

import { type requests } from '@bookwright/contracts';
import type { z } from 'zod';
import { presentBook } from '../domain/present-book';
import type { BookHandlerDeps } from './deps';
import { readOwned } from './owned-book';

export function getBook(deps: BookHandlerDeps) {
  return async ({ userId, bookId, action = 'read' }: z.output<(typeof requests.book.get)['request']>) => {
    // Reading for a change (a cover, AI metadata) asks only the role: the service doing the work checks
    // the payer's plan where the work needs one (billing's allowances, decision 0012).
    const { row, role } = await readOwned(deps, { userId, bookId, action, planFree: true });
    return presentBook(row, role);
  };
}

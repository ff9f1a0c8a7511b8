import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import type { BookHandlerDeps } from './deps';
import { changeOwnedBook } from '../domain/owned-book';
import { keepRevision } from '../domain/revision-snapshots';

/** Before an AI rewrite is applied, the manuscript it will change is kept, whatever the throttle. */
export function keepBeforeRewrite(deps: BookHandlerDeps) {
  return async ({ userId, bookId }: z.output<(typeof requests.book.keepBeforeRewrite)['request']>) =>
    changeOwnedBook(deps, { userId, bookId, action: 'manage' }, async (trx, book) => {
      if (book.book_content === null) return { kept: false };
      return { kept: (await keepRevision(trx, deps, book.id, book.book_content, 'before-rewrite')) !== undefined };
    });
}

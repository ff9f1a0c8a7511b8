import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { revisionsRepository } from '../repositories/revisions.repository';
import type { BookHandlerDeps } from './deps';
import { presentRevision } from '../domain/present-revision';
import { requireOwned } from '../domain/owned-book';

export function listRevisions(deps: BookHandlerDeps) {
  return async ({ userId, bookId }: z.output<(typeof requests.book.listRevisions)['request']>) => {
    await requireOwned(deps, { userId, bookId, action: 'read' });
    const rows = await revisionsRepository.list(deps.db, bookId);
    return { revisions: rows.map(presentRevision) };
  };
}

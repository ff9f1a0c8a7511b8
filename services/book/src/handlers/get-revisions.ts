import { AppError, revisionMessages } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { revisionsRepository } from '../repositories/revisions.repository';
import type { BookHandlerDeps } from './deps';
import { presentRevision } from '../domain/present-revision';
import { requireOwned } from '../domain/owned-book';

export function getRevision(deps: BookHandlerDeps) {
  return async ({ userId, bookId, revisionId }: z.output<(typeof requests.book.getRevision)['request']>) => {
    await requireOwned(deps, { userId, bookId, action: 'read' });
    const row = await revisionsRepository.find(deps.db, bookId, revisionId);
    if (!row) throw new AppError(404, revisionMessages.notFound);
    return { ...presentRevision(row), bookContent: row.content };
  };
}

import { purgeAtOf, type TrashedBook } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { presentSummary } from '../domain/present-book';
import { trashRepository } from '../repositories/trash.repository';
import type { BookHandlerDeps } from './deps';

/** GET /book/trash: the library summaries of the user's trashed books, with when each goes for good. */
export function listTrash(deps: BookHandlerDeps) {
  return async ({ userId }: z.output<(typeof requests.book.listTrash)['request']>) => ({
    books: (await trashRepository.list(deps.db, userId)).map((row): TrashedBook => {
      const deletedAt = new Date(row.deleted_at).toISOString();
      return { ...presentSummary(row, 'owner'), deletedAt, purgeAt: purgeAtOf(deletedAt) };
    }),
  });
}

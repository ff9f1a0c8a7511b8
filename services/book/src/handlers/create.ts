import { AppError } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { allowanceKeys } from '../domain/allowance-keys';
import { newBookRow } from '../domain/new-book';
import { presentBook } from '../domain/present-book';
import { booksRepository } from '../repositories/books.repository';
import { releaseBook, reserveBook } from '../domain/allowance';
import type { BookHandlerDeps } from './deps';
import { roleOn } from '../access/book-access';
import type { BookRow } from '../db/schema';
import { announceNewBook } from '../domain/announce-new-book';
import { requireMember } from '../workspaces/workspace-access';
import { requestPlanning } from '../domain/request-planning';

type Def = typeof requests.book.create;

/**
 * POST /agent/plan. Reserves one book of the allowance, then stores the book in planning and asks for its
 * plan through the outbox, in one transaction. The HTTP request id keys both, so a retried request pays
 * once and finds the book it created.
 */
export function createBook(deps: BookHandlerDeps) {
  return async ({
    userId: requester,
    plan,
    requestId,
    workspaceId,
  }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const key = allowanceKeys.creation(requestId);
    // A workspace's book is its owner's, paid from the workspace's pool: `userId` is who pays from here on.
    const workspace = workspaceId
      ? (await requireMember(deps.db, { userId: requester, workspaceId })).workspace
      : undefined;
    const userId = workspace?.owner_id ?? requester;
    const present = async (row: BookRow) => presentBook(row, (await roleOn(deps.db, requester, row)) ?? 'owner');
    const earlier = await booksRepository.findByIdempotencyKey(deps.db, userId, key);
    if (earlier) return present(earlier);

    await reserveBook(deps, userId, key, requestId, requester);
    let created;
    try {
      created = await deps.db.transaction().execute(async (trx) => {
        const row = await booksRepository.insert(trx, {
          ...newBookRow({ id: deps.newId(), userId, plan, idempotencyKey: key, allowanceKey: key }),
          ...(workspace ? { workspace_id: workspace.id, created_by: requester } : {}),
        });
        if (!row) return undefined;
        await announceNewBook(trx, deps, {
          row,
          userId,
          requester,
          workspace,
          genre: plan.genre,
          language: plan.language,
        });
        await requestPlanning(trx, row);
        return row;
      });
    } catch (error) {
      // Nothing was stored: the reservation pays for no book.
      await releaseBook(deps, userId, key, requestId);
      if (error instanceof AppError) throw error;
      throw new AppError(500, 'Failed to create book', { cause: error });
    }
    if (!created) {
      // The same request, concurrently: it stored the book (and billing charged the key once).
      const existing = await booksRepository.findByIdempotencyKey(deps.db, userId, key);
      if (!existing) throw new Error('idempotency conflict without a row');
      return present(existing);
    }
    deps.relay.kick();
    deps.logger.info(
      { bookId: created.id, userId, createdBy: requester, workspaceId },
      'book created; planning requested',
    );
    return present(created);
  };
}

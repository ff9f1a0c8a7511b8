import { AppError, translationMessages } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import { enqueueEvent } from '@bookwright/kit';
import type { z } from 'zod';
import { allowanceKeys } from '../domain/allowance-keys';
import { newTranslationRow, translationRequest, translationSourceKey } from '../domain/new-translation';
import { presentBook } from '../domain/present-book';
import { booksRepository } from '../repositories/books.repository';
import { releaseAllowance, requirePlan, reserveAllowance } from '../domain/allowance';
import type { BookHandlerDeps } from './deps';
import { keepRevision } from '../domain/revision-snapshots';
import { readOwned } from '../domain/owned-book';
import { membersRepository } from '../access/members.repository';
import { forgetBookImages } from '../domain/imported-images';
import { withTranslationImages } from '../domain/translation-images';

type Def = typeof requests.book.translate;

/**
 * POST /book/{id}/translate. From a ready book: reserves one translation of the allowance, leaves the
 * original's manuscript in the blob store for the writer, then stores the new book in translating and
 * asks for its translation through the outbox, in one transaction. The HTTP request id keys both, so a
 * retried request pays once and finds the book it created.
 */
export function translateBook(deps: BookHandlerDeps) {
  return async ({
    userId,
    bookId,
    language,
    title,
    requestId,
  }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const key = allowanceKeys.translation(requestId);
    // The translation is a new book of the original's owner, who pays for it, whoever of its people asks;
    // one who is not the owner is given the same role on the translation.
    const { row: source, role } = await readOwned(deps, { userId, bookId, action: 'manage', planFree: true });
    const payerId = source.user_id;
    const earlier = await booksRepository.findByIdempotencyKey(deps.db, payerId, key);
    if (earlier) return presentBook(earlier, role);

    // Only a finished book has a manuscript to translate (the new book's own move is in newTranslationRow).
    if (source.status !== 'ready' || !source.book_content)
      throw new AppError(409, translationMessages.notReady, { code: 'book_status' });
    if (source.language === language) throw new AppError(400, translationMessages.sameLanguage);
    const original = source.book_content;

    await requirePlan(deps, payerId, requestId);
    await reserveAllowance(deps, payerId, 'translation', key, requestId, userId);
    const id = deps.newId();
    let created;
    try {
      // Before the row: a stored translation always finds its source (a leftover blob without a row is
      // removed with the account, under the same prefix), and its own copies of the original's images.
      const toTranslate = await withTranslationImages(deps, {
        sourceId: source.id,
        translationId: id,
        content: original,
      });
      await deps.blobs.put(translationSourceKey(id), Buffer.from(toTranslate, 'utf8'), {
        contentType: 'application/json',
      });
      created = await deps.db.transaction().execute(async (trx) => {
        const row = await booksRepository.insert(
          trx,
          newTranslationRow({ id, source, language, title, idempotencyKey: key, allowanceKey: key }),
        );
        if (!row) return undefined;
        if (role !== 'owner')
          await membersRepository.addMember(trx, { bookId: row.id, userId, role, addedBy: payerId });
        // The original as it was translated stays in its history, whatever the author changes later.
        await keepRevision(trx, deps, source.id, original, 'before-translation');
        await enqueueEvent(trx, events.bookTranslationRequested, translationRequest(row));
        return row;
      });
    } catch (error) {
      // Nothing was stored: the reservation pays for no book.
      await releaseAllowance(deps, payerId, 'translation', key, requestId);
      await deps.blobs.delete(translationSourceKey(id)).catch(() => undefined);
      await forgetBookImages(deps, id);
      if (error instanceof AppError) throw error;
      throw new AppError(500, translationMessages.failed, { cause: error });
    }
    if (!created) {
      // The same request, concurrently: it stored the book (and billing charged the key once).
      await deps.blobs.delete(translationSourceKey(id)).catch(() => undefined);
      await forgetBookImages(deps, id);
      const existing = await booksRepository.findByIdempotencyKey(deps.db, payerId, key);
      if (!existing) throw new Error('idempotency conflict without a row');
      return presentBook(existing, role);
    }
    deps.relay.kick();
    deps.logger.info({ bookId: created.id, sourceBookId: source.id, userId, language }, 'translation requested');
    return presentBook(created, role);
  };
}

import { events } from '@bookwright/contracts';
import { enqueueEvent, forgetPublishedEventsOf, removeBlobsUnder, type EventMeta } from '@bookwright/kit';
import { translationSourcePrefix } from '../domain/new-translation';
import type { z } from 'zod';
import type { BookHandlerDeps } from './deps';

/**
 * An account was deleted: its books go (plan, manuscript and metadata live in the row), and each one is
 * announced as `book.deleted` in the same transaction so the services keeping files of a book (covers,
 * exports, manuscripts) remove them too. Translations still waiting for the writer leave a copy of their
 * original in the blob store, which goes as well. Running it again finds nothing left and does nothing.
 */
export function onUserDeleted(deps: BookHandlerDeps) {
  return async ({ userId, deletedAt }: z.output<(typeof events.userDeleted)['schema']>, meta: EventMeta) => {
    const removed = await deps.db.transaction().execute(async (trx) => {
      const books = await trx
        .deleteFrom('books')
        .where('user_id', '=', userId)
        .returning(['id', 'translation'])
        .execute();
      for (const book of books) await enqueueEvent(trx, events.bookDeleted, { bookId: book.id, userId, deletedAt });
      await forgetPublishedEventsOf(trx, userId);
      return books;
    });
    if (removed.length > 0) deps.relay.kick();
    for (const book of removed.filter((b) => b.translation))
      await removeBlobsUnder(deps.blobs, translationSourcePrefix(book.id), meta.logger);
    meta.logger.info({ userId, books: removed.length }, "deleted account's books removed");
  };
}

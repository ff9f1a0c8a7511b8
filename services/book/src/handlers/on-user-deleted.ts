import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { enqueueEvent, forgetPublishedEventsOf, removeBlobsUnder, type EventMeta } from '@bookwright/kit';
import { translationSourcePrefix } from '../domain/new-translation';
import type { z } from 'zod';
import type { BookHandlerDeps } from './deps';
import { membersRepository } from '../access/members.repository';
import { booksRepository } from '../repositories/books.repository';
import { leaveWorkspaces } from '../workspaces/account-deletion';

/**
 * An account was deleted: the workspace it owned passes on with its books (workspaces/account-deletion.ts),
 * then its own books go (plan, manuscript and metadata live in the row), and each one is
 * announced as `book.deleted` in the same transaction so the services keeping files of a book (covers,
 * exports, manuscripts) remove them too. Translations still waiting for the writer leave a copy of their
 * original in the blob store, which goes as well. Running it again finds nothing left and does nothing.
 */
export function onUserDeleted(deps: BookHandlerDeps) {
  return async ({ userId, deletedAt }: z.output<(typeof events.userDeleted)['schema']>, meta: EventMeta) => {
    const { removed, sharedWith } = await deps.db.transaction().execute(async (trx) => {
      // The people their books were shared with are told, once the books are gone (below).
      // A workspace they owned passes on with its books first, so its books are not theirs to delete.
      await leaveWorkspaces(trx, userId, { newId: deps.newId, now: new Date(deletedAt) });
      const sharedWith = await membersRepository.membersOfBooksOwnedBy(trx, userId);
      const books = await booksRepository.deleteAllOf(trx, userId);
      for (const book of books) await enqueueEvent(trx, events.bookDeleted, { bookId: book.id, userId, deletedAt });
      // Their shares of other people's books go too (the shares of their own books went with the books).
      for (const share of await membersRepository.removeEverywhere(trx, userId)) {
        await enqueueEvent(trx, events.bookMemberRemoved, {
          bookId: share.book_id,
          ownerId: share.owner_id,
          memberId: userId,
          role: share.role,
          removedBy: userId,
        });
      }
      await forgetPublishedEventsOf(trx, userId);
      return { removed: books, sharedWith };
    });
    if (removed.length > 0) deps.relay.kick();
    await tellMembers(deps, sharedWith, meta);
    for (const book of removed.filter((b) => b.translation))
      await removeBlobsUnder(deps.blobs, translationSourcePrefix(book.id), meta.logger);
    meta.logger.info({ userId, books: removed.length }, "deleted account's books removed");
  };
}

/** Mails the people each of the deleted books was shared with; a mail that cannot go is logged, not retried. */
async function tellMembers(
  deps: BookHandlerDeps,
  shares: { book_id: string; title: string; user_id: string }[],
  meta: EventMeta,
): Promise<void> {
  const byBook = new Map<string, { title: string; userIds: string[] }>();
  for (const share of shares) {
    const book = byBook.get(share.book_id) ?? { title: share.title, userIds: [] };
    book.userIds.push(share.user_id);
    byBook.set(share.book_id, book);
  }
  for (const { title, userIds } of byBook.values()) {
    await deps.bus
      .request(requests.user.mailBookGone, { userIds, title })
      .catch((error: unknown) => meta.logger.error({ err: error }, 'could not tell the members of a deleted book'));
  }
}

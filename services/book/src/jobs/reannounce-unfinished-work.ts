import { events } from '@bookwright/contracts/events';
import { enqueueEvent } from '@bookwright/kit';
import { booksRepository } from '../repositories/books.repository';
import { translationRequest } from '../domain/new-translation';
import type { BookHandlerDeps } from '../handlers/deps';
import { requestPlanning } from '../domain/request-planning';
import { heldAllowance } from '../domain/allowance-keys';

/**
 * On start, asks again for the work of every book still planning, writing or translating. The planner and writer are
 * idempotent, so a duplicate costs nothing, while a request lost with an in-process bus (which keeps no
 * log across restarts) would leave the book stuck for good.
 */
export async function reannounceUnfinishedWork(deps: BookHandlerDeps): Promise<number> {
  const books = await booksRepository.listUnfinished(deps.db);
  if (books.length === 0) return 0;
  await deps.db.transaction().execute(async (trx) => {
    for (const book of books) {
      if (book.status === 'planning') await requestPlanning(trx, book);
      else if (book.status === 'translating')
        await enqueueEvent(trx, events.bookTranslationRequested, translationRequest(book));
      else
        await enqueueEvent(trx, events.bookConfirmed, {
          bookId: book.id,
          userId: book.user_id,
          attempt: Math.max(1, book.write_attempt),
          ...heldAllowance(book),
        });
    }
    // Asked for again now: the stall watchdog counts from here, not from before the restart.
    await booksRepository.touch(
      trx,
      books.map((b) => b.id),
    );
  });
  deps.relay.kick();
  deps.logger.info({ books: books.length }, 'unfinished planning, writing and translating announced again');
  return books.length;
}

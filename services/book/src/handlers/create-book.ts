import { bookTypeOf, events, type requests } from '@bookwright/contracts';
import { enqueueEvent } from '@bookwright/kit';
import type { z } from 'zod';
import { booksRepository } from '../repositories/books.repository';
import { initialMetadataLanguage } from '../domain/initial-metadata';
import { presentBook } from '../domain/present-book';
import type { BookHandlerDeps } from './deps';

type Def = typeof requests.book.create;

export function createBook(deps: BookHandlerDeps) {
  return async ({ userId, plan, idempotencyKey }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const bookType = bookTypeOf(plan.genre);
    const created = await deps.db.transaction().execute(async (trx) => {
      const row = await booksRepository.insert(trx, {
        id: deps.newId(),
        user_id: userId,
        idempotency_key: idempotencyKey,
        status: 'planning',
        title: plan.title,
        subtitle: null,
        genre: plan.genre,
        book_type: bookType,
        language: plan.language,
        target_audience: plan.targetAudience,
        size: plan.size,
        prompt: plan.prompt,
        book_state: JSON.stringify(null),
        book_content: null,
        cover_image: null,
        author: null,
        identifier: null,
        language_metadata: initialMetadataLanguage(plan.language),
        genre_metadata: null,
        publisher: null,
        description: null,
        keywords: JSON.stringify([]),
        rights: null,
        publication_date: null,
        isbn: null,
        failure: JSON.stringify(null),
      });
      if (!row) return undefined;
      await enqueueEvent(trx, events.bookCreated, {
        bookId: row.id,
        userId,
        title: row.title,
        genre: plan.genre,
        bookType,
        language: plan.language,
        targetAudience: plan.targetAudience,
        size: plan.size,
        prompt: plan.prompt,
      });
      await enqueueEvent(trx, events.bookPlanningRequested, { bookId: row.id, userId, attempt: 1 });
      return row;
    });
    if (!created) {
      // The same plan request again (a retry after a lost answer): the book it created, not a second one.
      const existing = await booksRepository.findByIdempotencyKey(deps.db, userId, idempotencyKey);
      if (!existing) throw new Error('idempotency conflict without a row');
      return presentBook(existing);
    }
    deps.relay.kick();
    deps.logger.info({ bookId: created.id, userId }, 'book created; planning requested');
    return presentBook(created);
  };
}

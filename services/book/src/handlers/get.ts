import { type Book } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { membersRepository } from '../access/members.repository';
import { peopleById } from '../access/people';
import { presentBook } from '../domain/present-book';
import type { BookHandlerDeps } from './deps';
import { readOwned } from '../domain/owned-book';

export function getBook(deps: BookHandlerDeps) {
  return async ({
    userId,
    bookId,
    action = 'read',
  }: z.output<(typeof requests.book.get)['request']>): Promise<Book> => {
    // Reading for a change (a cover, AI metadata) asks only the role: the service doing the work checks
    // the payer's plan where the work needs one (billing's allowances, decision 0012).
    const { row, role } = await readOwned(deps, { userId, bookId, action, planFree: true });
    const book = { ...presentBook(row, role), live: await membersRepository.isShared(deps.db, row) };
    if (role === 'owner') return book;
    // Shared with the reader: whose it is, as the library says (without the user service, still the book).
    const ownerName = await peopleById(deps.bus, [row.user_id]).then(
      (people) => people.get(row.user_id)?.name,
      (error: unknown) => deps.logger.warn({ err: error, bookId }, "could not read a shared book's owner name"),
    );
    return ownerName ? { ...book, ownerName } : book;
  };
}

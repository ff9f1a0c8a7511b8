import { requests, type BookSummary } from '@bookwright/contracts';
import type { z } from 'zod';
import { booksRepository } from '../repositories/books.repository';
import { presentSummary } from '../domain/present-book';
import type { BookHandlerDeps } from './deps';

/**
 * The library: the person's own books, then the books shared with them (each with their role and its
 * owner's name), each part newest first.
 */
export function listBooks(deps: BookHandlerDeps) {
  return async ({ userId }: z.output<(typeof requests.book.list)['request']>) => {
    const own = await booksRepository.listSummaries(deps.db, userId);
    const shared = await booksRepository.listSharedSummaries(deps.db, userId);
    const books: BookSummary[] = own.map((row) => presentSummary(row, 'owner'));
    if (shared.length === 0) return { books };
    const names = await ownerNames(deps, [...new Set(shared.map((row) => row.user_id))]);
    for (const { role, ...row } of shared) {
      const ownerName = names.get(row.user_id);
      books.push({ ...presentSummary(row, role), ...(ownerName === undefined ? {} : { ownerName }) });
    }
    return { books };
  };
}

/** The owners' names from the user service; without it the library still lists the books, unnamed. */
async function ownerNames(deps: BookHandlerDeps, userIds: string[]): Promise<Map<string, string>> {
  try {
    const { people } = await deps.bus.request(requests.user.people, { userIds });
    return new Map(people.map((person) => [person.id, person.name]));
  } catch (error) {
    deps.logger.warn({ err: error }, "could not read the owners' names of shared books");
    return new Map();
  }
}

import { requests } from '@bookwright/contracts/bus';
import { type BookSummary } from '@bookwright/contracts/http';
import type { z } from 'zod';
import { presentSummary } from '../domain/present-book';
import { libraryOf } from '../domain/library';
import type { BookHandlerDeps } from './deps';

/**
 * The library (domain/library.ts): the person's own books, then the books of their workspaces, then the
 * books shared with them, each with their role and, on a book that is not theirs, its owner's name.
 */
export function listBooks(deps: BookHandlerDeps) {
  return async ({ userId }: z.output<(typeof requests.book.list)['request']>) => {
    const library = await libraryOf(deps.db, userId);
    const owners = new Set(library.flatMap(({ row }) => (row.user_id === userId ? [] : [row.user_id])));
    const names = await ownerNames(deps, [...owners]);
    const books: BookSummary[] = library.map(({ row, role }) => {
      const ownerName = row.user_id === userId ? undefined : names.get(row.user_id);
      return { ...presentSummary(row, role), ...(ownerName === undefined ? {} : { ownerName }) };
    });
    return { books };
  };
}

/** The owners' names from the user service; without it the library still lists the books, unnamed. */
async function ownerNames(deps: BookHandlerDeps, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  try {
    const { people } = await deps.bus.request(requests.user.people, { userIds });
    return new Map(people.map((person) => [person.id, person.name]));
  } catch (error) {
    deps.logger.warn({ err: error }, "could not read the owners' names of shared books");
    return new Map();
  }
}

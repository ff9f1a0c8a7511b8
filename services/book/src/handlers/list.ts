import { bookRoleInWorkspace, requests, type BookRole, type BookSummary } from '@bookwright/contracts';
import type { z } from 'zod';
import { booksRepository, type BookSummaryRow } from '../repositories/books.repository';
import { presentSummary } from '../domain/present-book';
import type { BookHandlerDeps } from './deps';

/**
 * The library: the person's own books, then the books of their workspaces, then the books shared with them
 * (each with their role and its owner's name), each part newest first. A workspace's book is listed once,
 * with the role the access module gives (a share narrows a member's co-author role).
 */
export function listBooks(deps: BookHandlerDeps) {
  return async ({ userId }: z.output<(typeof requests.book.list)['request']>) => {
    const own = await booksRepository.listSummaries(deps.db, userId);
    const inWorkspaces = await booksRepository.listWorkspaceSummaries(deps.db, userId);
    const shared = await booksRepository.listSharedSummaries(deps.db, userId);
    const books: BookSummary[] = own.map((row) => presentSummary(row, 'owner'));
    if (inWorkspaces.length === 0 && shared.length === 0) return { books };

    const seen = new Set(own.map((row) => row.id));
    const shareOf = new Map(shared.map((row) => [row.id, row.role]));
    const others: { row: BookSummaryRow; role: BookRole }[] = [];
    for (const { workspace_role, ...row } of inWorkspaces) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      const role = bookRoleInWorkspace[workspace_role];
      others.push({ row, role: role === 'owner' ? role : (shareOf.get(row.id) ?? role) });
    }
    for (const { role, ...row } of shared) if (!seen.has(row.id)) others.push({ row, role });

    const names = await ownerNames(deps, [...new Set(others.map(({ row }) => row.user_id))]);
    for (const { row, role } of others) {
      const ownerName = names.get(row.user_id);
      books.push({ ...presentSummary(row, role), ...(ownerName === undefined ? {} : { ownerName }) });
    }
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

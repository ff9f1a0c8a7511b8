import { bookRoleInWorkspace, type BookRole } from '@bookwright/contracts/http';
import type { Kysely } from 'kysely';
import type { BookDatabase } from '../db/schema';
import { booksRepository, type BookSummaryRow } from '../repositories/books.repository';

export interface LibraryBook {
  row: BookSummaryRow;
  role: BookRole;
}

/**
 * The books a person's library lists, and so the books their search looks in: their own books, then the
 * books of their workspaces, then the books shared with them, each part newest first, none in the trash.
 * A workspace's book is listed once, with the role the access module gives (a share narrows a member's
 * co-author role).
 */
export async function libraryOf(db: Kysely<BookDatabase>, userId: string): Promise<LibraryBook[]> {
  const own = await booksRepository.listSummaries(db, userId);
  const inWorkspaces = await booksRepository.listWorkspaceSummaries(db, userId);
  const shared = await booksRepository.listSharedSummaries(db, userId);
  const books: LibraryBook[] = own.map((row) => ({ row, role: 'owner' }));
  if (inWorkspaces.length === 0 && shared.length === 0) return books;

  const seen = new Set(own.map((row) => row.id));
  const shareOf = new Map(shared.map((row) => [row.id, row.role]));
  for (const { workspace_role, ...row } of inWorkspaces) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    const role = bookRoleInWorkspace[workspace_role];
    books.push({ row, role: role === 'owner' ? role : (shareOf.get(row.id) ?? role) });
  }
  for (const { role, ...row } of shared) if (!seen.has(row.id)) books.push({ row, role });
  return books;
}

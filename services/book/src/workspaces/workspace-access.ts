import type { Kysely } from 'kysely';
import { AppError, managesWorkspace, workspaceMessages, type WorkspaceRole } from '@bookwright/contracts/http';
import type { BookDatabase } from '../db/schema';
import { workspacesRepository, type WorkspaceRow } from './workspaces.repository';

export interface WorkspaceAsker {
  userId: string;
  workspaceId: string;
}

/**
 * The workspace and the person's role in it: 404 for anyone who is not in it (a stranger learns nothing),
 * read fresh on every request like a book's role. `lock` holds its row for a change of its people or seats.
 */
export async function requireMember(
  db: Kysely<BookDatabase>,
  { userId, workspaceId }: WorkspaceAsker,
  lock = false,
): Promise<{ workspace: WorkspaceRow; role: WorkspaceRole }> {
  const workspace = await workspacesRepository.find(db, workspaceId, lock);
  const role = workspace && (await workspacesRepository.roleOf(db, workspaceId, userId));
  if (!workspace || !role) throw new AppError(404, workspaceMessages.notFound);
  return { workspace, role };
}

/** The same, for what only its owner and admins may do (its people, seats and audit log): 403 otherwise. */
export async function requireAdmin(
  db: Kysely<BookDatabase>,
  asker: WorkspaceAsker,
  lock = false,
): Promise<{ workspace: WorkspaceRow; role: WorkspaceRole }> {
  const found = await requireMember(db, asker, lock);
  if (!managesWorkspace(found.role)) throw new AppError(403, workspaceMessages.adminsOnly, { code: 'role_forbids' });
  return found;
}

import type { Kysely } from 'kysely';
import {
  AppError,
  apiMessages,
  bookRoleInWorkspace,
  errorScreens,
  mayDo,
  refusalMessage,
  type BookAction,
  type BookRole,
} from '@bookwright/contracts/http';
import type { BookDatabase } from '../db/schema';
import { workspacesRepository } from '../workspaces/workspaces.repository';
import { membersRepository } from './members.repository';
import type { PayerPlans } from './payer-plans';

/** Who asks, about which book, to do what: every request of a person about a book carries these. */
export interface BookRequester {
  userId: string;
  bookId: string;
  action: BookAction;
}

/** What `requireAccess` needs of a book's row: its id, whose it is, and its workspace. */
export interface AccessedBook {
  id: string;
  user_id: string;
  workspace_id: string | null;
}

/**
 * The person's role on the book: `owner` for its owner; in a workspace's book, `owner` for the workspace's
 * admins and its members' co-author role unless their share on the book is narrower; the role of their
 * share otherwise; undefined for anyone else. Read from the database on every request (in the request's own
 * transaction when it has one), so removing someone takes effect on their next request: nothing is cached.
 */
export async function roleOn(
  db: Kysely<BookDatabase>,
  userId: string,
  book: AccessedBook,
): Promise<BookRole | undefined> {
  if (book.user_id === userId) return 'owner';
  const share = await membersRepository.roleOf(db, book.id, userId);
  if (book.workspace_id === null) return share;
  const inWorkspace = await workspacesRepository.roleOf(db, book.workspace_id, userId);
  if (inWorkspace === undefined) return share;
  const role = bookRoleInWorkspace[inWorkspace];
  return role === 'owner' ? role : (share ?? role);
}

/**
 * The one decision of "may this person do this to this book" (issue 43): 404 for a person with no role
 * (a stranger learns nothing, not even that the book exists), 403 naming what the role may not do.
 */
export function allowed(role: BookRole | undefined, action: BookAction): BookRole {
  if (role === undefined) throw new AppError(404, apiMessages.notFound);
  if (!mayDo(role, action)) throw new AppError(403, refusalMessage(role, action), { code: 'role_forbids' });
  return role;
}

export async function requireAccess(
  db: Kysely<BookDatabase>,
  userId: string,
  book: AccessedBook,
  action: BookAction,
): Promise<BookRole> {
  return allowed(await roleOn(db, userId, book), action);
}

/**
 * Changing a book (its text, plan and metadata) needs a plan of the person who pays for it, its owner:
 * whoever asks (decision 0012 keeps reading and exporting open without one). 402 with the spec's text.
 */
export const changesNeedingAPlan: ReadonlySet<BookAction> = new Set(['edit', 'manage']);

export async function requirePayerPlan(payers: PayerPlans, ownerId: string, action: BookAction): Promise<void> {
  if (!changesNeedingAPlan.has(action)) return;
  if (!(await payers.hasPlan(ownerId))) throw new AppError(402, errorScreens[402].description);
}

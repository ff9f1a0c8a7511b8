import type { Kysely } from 'kysely';
import {
  AppError,
  apiMessages,
  errorScreens,
  mayDo,
  refusalMessage,
  type BookAction,
  type BookRole,
} from '@bookwright/contracts';
import type { BookDatabase } from '../db/schema';
import { membersRepository } from './members.repository';
import type { PayerPlans } from './payer-plans';

/** Who asks, about which book, to do what: every request of a person about a book carries these. */
export interface BookRequester {
  userId: string;
  bookId: string;
  action: BookAction;
}

/** What `requireAccess` needs of a book's row: its id and whose it is. */
export interface AccessedBook {
  id: string;
  user_id: string;
}

/**
 * The person's role on the book: `owner` for its owner, the role of their share otherwise, undefined for
 * anyone else. Read from the database on every request (in the request's own transaction when it has one),
 * so removing someone takes effect on their next request: nothing here is cached.
 */
export async function roleOn(
  db: Kysely<BookDatabase>,
  userId: string,
  book: AccessedBook,
): Promise<BookRole | undefined> {
  if (book.user_id === userId) return 'owner';
  return membersRepository.roleOf(db, book.id, userId);
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

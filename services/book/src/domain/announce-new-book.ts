import { events } from '@bookwright/contracts/events';
import { type BookLanguage, type Genre } from '@bookwright/contracts/http';
import { enqueueEvent } from '@bookwright/kit';
import type { Kysely } from 'kysely';
import type { BookDatabase, BookRow } from '../db/schema';
import { nowOf, type BookHandlerDeps } from '../handlers/deps';
import { recordAudit } from '../workspaces/audit.repository';
import { heldAllowance } from './allowance-keys';

/**
 * What every new book says in the transaction that inserted it, whether planned from an idea or imported
 * from a manuscript: its workspace's audit line (a workspace's book) and book.created. The genre and language
 * are the request's, checked as it came in; the rest is the row's.
 */
export async function announceNewBook(
  trx: Kysely<BookDatabase>,
  deps: Pick<BookHandlerDeps, 'newId' | 'now'>,
  made: {
    row: BookRow;
    /** Who pays: the book's owner (a workspace's owner for a workspace's book). */
    userId: string;
    /** Who made it. */
    requester: string;
    workspace: { id: string } | undefined;
    genre: Genre;
    language: BookLanguage;
  },
): Promise<void> {
  const { row, userId, requester, workspace } = made;
  if (workspace)
    await recordAudit(
      trx,
      { workspaceId: workspace.id, actorId: requester, action: 'book.created', book: { id: row.id, title: row.title } },
      { newId: deps.newId, now: nowOf(deps) },
    );
  await enqueueEvent(trx, events.bookCreated, {
    ...(workspace ? { workspaceId: workspace.id, createdBy: requester } : {}),
    bookId: row.id,
    userId,
    title: row.title,
    genre: made.genre,
    bookType: row.book_type,
    language: made.language,
    targetAudience: row.target_audience,
    size: row.size,
    prompt: row.prompt,
    ...heldAllowance(row),
  });
}

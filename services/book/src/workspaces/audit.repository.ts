import type { Kysely } from 'kysely';
import type { AuditAction, AuditEntry } from '@bookwright/contracts/http';
import type { BookDatabase } from '../db/schema';
import type { Person } from '../access/people';

/** One line of a workspace's audit log: who did what to whom or to which book. */
export interface AuditRecord {
  workspaceId: string;
  actorId: string;
  action: AuditAction;
  subjectId?: string | undefined;
  subjectEmail?: string | undefined;
  book?: { id: string; title: string } | undefined;
  role?: string | undefined;
  previousRole?: string | undefined;
  seats?: number | undefined;
  token?: { id: string; name: string } | undefined;
  address?: string | undefined;
}

/**
 * Writes a line of the audit log in the caller's transaction: the log holds a change exactly when the change
 * committed. Written by the one place that makes each change (the workspace handlers, the book's move,
 * trash and deletion).
 */
export async function recordAudit(
  db: Kysely<BookDatabase>,
  record: AuditRecord,
  ids: { newId: () => string; now: Date },
): Promise<void> {
  await db
    .insertInto('workspace_audit')
    .values({
      id: ids.newId(),
      workspace_id: record.workspaceId,
      at: ids.now,
      actor_id: record.actorId,
      action: record.action,
      subject_id: record.subjectId ?? null,
      subject_email: record.subjectEmail ?? null,
      book_id: record.book?.id ?? null,
      book_title: record.book?.title ?? null,
      role: record.role ?? null,
      previous_role: record.previousRole ?? null,
      seats: record.seats ?? null,
      token_id: record.token?.id ?? null,
      token_name: record.token?.name ?? null,
      address: record.address ?? null,
    })
    // A line written for an event has the event's id in its own: a redelivery writes nothing twice.
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/** A page of the log, newest first; `before` continues from the last entry of the previous page. */
export function auditPage(db: Kysely<BookDatabase>, workspaceId: string, page: { before?: string; limit: number }) {
  let query = db.selectFrom('workspace_audit').selectAll().where('workspace_id', '=', workspaceId);
  if (page.before) query = query.where('at', '<', new Date(page.before));
  return query.orderBy('at', 'desc').orderBy('seq', 'desc').limit(page.limit).execute();
}

type AuditRow = Awaited<ReturnType<typeof auditPage>>[number];

/** A line as the API shows it, with the people's names (an account that is gone keeps its id). */
export function presentAudit(row: AuditRow, people: Map<string, Person>): AuditEntry {
  const subject = subjectOf(row, people);
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    action: row.action,
    actor: { id: row.actor_id, name: people.get(row.actor_id)?.name ?? 'A former member' },
    ...(subject ? { subject } : {}),
    ...(row.book_id !== null ? { book: { id: row.book_id, title: row.book_title ?? '' } } : {}),
    ...(row.role !== null ? { role: row.role } : {}),
    ...(row.previous_role !== null ? { previousRole: row.previous_role } : {}),
    ...(row.seats !== null ? { seats: row.seats } : {}),
    ...(row.token_id !== null ? { token: { id: row.token_id, name: row.token_name ?? '' } } : {}),
    ...(row.address !== null ? { address: row.address } : {}),
  };
}

/** The person a line is about: by id when they had an account, by email for an invitation. */
function subjectOf(row: AuditRow, people: Map<string, Person>): AuditEntry['subject'] {
  if (row.subject_id === null && row.subject_email === null) return undefined;
  const person = row.subject_id === null ? undefined : people.get(row.subject_id);
  const email = row.subject_email ?? person?.email;
  return {
    ...(row.subject_id === null ? {} : { id: row.subject_id }),
    ...(email === undefined ? {} : { email }),
    ...(person === undefined ? {} : { name: person.name }),
  };
}

/** Records a change of a workspace's book in its log (trash, restore, deletion); a personal book has none. */
export async function auditBookChange(
  db: Kysely<BookDatabase>,
  book: { id: string; title: string; workspace_id: string | null },
  change: { actorId: string; action: Extract<AuditAction, `book.${string}`> },
  ids: { newId: () => string; now: Date },
): Promise<void> {
  if (book.workspace_id === null) return;
  await recordAudit(db, { workspaceId: book.workspace_id, ...change, book: { id: book.id, title: book.title } }, ids);
}

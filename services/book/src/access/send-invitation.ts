import type { Kysely } from 'kysely';
import { hashToken, newSecretToken, type Bus, type Logger } from '@bookwright/kit';
import { invitationLifetimeMs, type InvitableWorkspaceRole, type SharedRole } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import type { BookDatabase } from '../db/schema';
import { invitationPath } from './invitation-path';
import { membersRepository, type InvitationRow, type InvitationTarget } from './members.repository';

/** Who is invited to what, as what, and by whom. */
export interface NewInvitation {
  target: InvitationTarget;
  /** Already normalized (trimmed, lower case): the invitation is bound to it. */
  email: string;
  role: SharedRole | InvitableWorkspaceRole;
  /** The role as the mail says it: "Co-author", "Member". */
  roleLabel: string;
  invitedBy: string;
  /** The inviter's name, as the mail and the invitation page greet with it. */
  inviterName: string | undefined;
}

/**
 * The transaction that keeps an invitation: it locks what the invitation leads to and checks what it must, calls
 * `insert` (which first revokes a pending invitation of the same email: its links stop working, its seat is
 * free), may check again after it (seats), and answers the title the mail names.
 */
export type StoreInvitation = (insert: (trx: Kysely<BookDatabase>) => Promise<void>) => Promise<string>;

/**
 * Sends an invitation to a book or a workspace: a new link (only its hash is kept), the invitation stored in
 * the caller's transaction, then the mail with the link, after the commit. A mail that cannot go out is
 * logged, not refused: the invitation stands and the inviter has its link to send another way.
 */
export async function sendInvitation(
  deps: { bus: Bus; logger: Logger; newId: () => string },
  invitation: NewInvitation,
  now: Date,
  store: StoreInvitation,
): Promise<{ row: InvitationRow; link: string }> {
  const { target, email, role } = invitation;
  const token = newSecretToken();
  const row: InvitationRow = {
    id: deps.newId(),
    book_id: 'bookId' in target ? target.bookId : null,
    workspace_id: 'workspaceId' in target ? target.workspaceId : null,
    email,
    role,
    invited_by: invitation.invitedBy,
    created_at: now,
    expires_at: new Date(now.getTime() + invitationLifetimeMs),
    accepted_at: null,
    accepted_by: null,
    revoked_at: null,
  };
  const title = await store(async (trx) => {
    await membersRepository.revokePendingFor(trx, target, email, now);
    await membersRepository.insertInvitation(trx, row, hashToken(token));
  });
  const link = invitationPath(token);
  await deps.bus
    .request(requests.user.mailInvitation, {
      to: email,
      inviterName: invitation.inviterName ?? 'A Bookwright author',
      title,
      roleLabel: invitation.roleLabel,
      kind: 'bookId' in target ? 'book' : 'workspace',
      path: link,
    })
    .catch((error: unknown) => deps.logger.error({ err: error, ...target }, 'could not mail an invitation'));
  deps.logger.info({ ...target, invitationId: row.id, role }, 'invitation sent');
  return { row, link };
}

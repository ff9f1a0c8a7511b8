import { hashToken } from '@bookwright/kit';
import { AppError, sharingMessages } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { membersRepository, type InvitationRow } from '../access/members.repository';
import { workspacesRepository } from '../workspaces/workspaces.repository';
import { peopleById } from '../access/people';
import { invitationStatus } from '../access/present-invitation';
import { booksRepository } from '../repositories/books.repository';
import { nowOf, type BookHandlerDeps } from './deps';

type Def = (typeof requests.book)['getInvitation'];

/** What the invitation leads to, with its title: a book in the library, or a workspace. */
async function targetOf(deps: BookHandlerDeps, invitation: InvitationRow) {
  if (invitation.workspace_id !== null) {
    const workspace = await workspacesRepository.find(deps.db, invitation.workspace_id);
    return workspace && { kind: 'workspace' as const, workspaceId: workspace.id, title: workspace.name };
  }
  const book =
    invitation.book_id === null ? undefined : await booksRepository.findSummaryInLibrary(deps.db, invitation.book_id);
  return book && { kind: 'book' as const, bookId: book.id, title: book.title };
}

/**
 * GET /invitations/{token}, signed in or not: who invited whom to what, for the invitation page. The link
 * is its own proof; a revoked link, or one whose book is gone or in the trash, is as unknown as a wrong one.
 */
export function getInvitation(deps: BookHandlerDeps) {
  return async ({ token }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const invitation = await membersRepository.byTokenHash(deps.db, hashToken(token));
    if (!invitation || invitation.revoked_at !== null) throw new AppError(404, sharingMessages.invitationNotFound);
    const target = await targetOf(deps, invitation);
    if (!target) throw new AppError(404, sharingMessages.invitationNotFound);
    const people = await peopleById(deps.bus, [invitation.invited_by]);
    return {
      ...target,
      inviterName: people.get(invitation.invited_by)?.name ?? 'A Bookwright author',
      email: invitation.email,
      role: invitation.role,
      expiresAt: new Date(invitation.expires_at).toISOString(),
      status: invitationStatus(invitation, nowOf(deps)),
    };
  };
}

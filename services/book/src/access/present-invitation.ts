import {
  InvitableWorkspaceRoleSchema,
  SharedRoleSchema,
  type InvitableWorkspaceRole,
  type PendingInvitation,
} from '@bookwright/contracts/http';
import type { InvitationRow } from './members.repository';

const iso = (value: Date | string): string => new Date(value).toISOString();

/** What a pending invitation shows, whatever it leads to. */
function presentPending(row: InvitationRow): Omit<PendingInvitation, 'role'> {
  return { id: row.id, email: row.email, expiresAt: iso(row.expires_at), createdAt: iso(row.created_at) };
}

/** A pending invitation to a book, as its owner sees it. */
export function presentInvitation(row: InvitationRow): PendingInvitation {
  return { ...presentPending(row), role: SharedRoleSchema.parse(row.role) };
}

/** A pending invitation to a workspace, as its admins see it. */
export function presentWorkspaceInvitation(
  row: InvitationRow,
): Omit<PendingInvitation, 'role'> & { role: InvitableWorkspaceRole } {
  return { ...presentPending(row), role: InvitableWorkspaceRoleSchema.parse(row.role) };
}

/** Where an invitation stands, at `now`: a revoked one is not found at all. */
export function invitationStatus(row: InvitationRow, now: Date): 'pending' | 'accepted' | 'expired' {
  if (row.accepted_at !== null) return 'accepted';
  return new Date(row.expires_at).getTime() <= now.getTime() ? 'expired' : 'pending';
}

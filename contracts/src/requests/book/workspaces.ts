import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookSummarySchema } from '../../entities/book/book';
import { InvitationLinkSchema } from '../../http/books/members';
import {
  AuditLogSchema,
  AuditQuerySchema,
  CreatedWorkspaceInvitationSchema,
  CreateWorkspaceRequestSchema,
  InviteWorkspaceMemberRequestSchema,
  MoveBookRequestSchema,
  SeatCountSchema,
  SeatsPreviewSchema,
  WorkspaceListSchema,
  WorkspaceMemberSchema,
  WorkspaceMembersSchema,
  WorkspaceSchema,
} from '../../http/workspaces/workspaces';
import { InvitableWorkspaceRoleSchema } from '../../entities/workspace/roles';

const asker = { userId: z.string(), workspaceId: z.string() };

/**
 * Team workspaces (the book service's access/ folder, decision 0042): their people, seats, books and audit
 * log. Membership is read beside the books, so "may this person do this to this book" stays one module.
 */
export const workspaceRequests = {
  createWorkspace: defineRequest({
    name: 'book.workspace.create',
    version: 1,
    request: z.object({ userId: z.string(), ...CreateWorkspaceRequestSchema.shape }),
    response: WorkspaceSchema,
    description:
      'POST /workspaces: an Enterprise account creates its team workspace and is its owner (402 on other plans; 409 when it owns one already).',
  }),
  listWorkspaces: defineRequest({
    name: 'book.workspaces.list',
    version: 1,
    request: z.object({ userId: z.string() }),
    response: WorkspaceListSchema,
    description: 'GET /workspaces: the workspaces the person belongs to, with their role and the seats.',
  }),
  listWorkspaceMembers: defineRequest({
    name: 'book.workspace-members.list',
    version: 1,
    request: z.object(asker),
    response: WorkspaceMembersSchema,
    description:
      'GET /workspaces/{id}/members: its people and seats for any member; pending invitations for admins only (empty for the others). 404 for anyone else.',
  }),
  inviteWorkspaceMember: defineRequest({
    name: 'book.workspace-member.invite',
    version: 1,
    request: z.object({ ...asker, ...InviteWorkspaceMemberRequestSchema.shape }),
    response: CreatedWorkspaceInvitationSchema,
    description:
      'POST /workspaces/{id}/members: an admin invites an email as admin or member; the invitation takes a seat until it is accepted, revoked or expired (402 naming the limit when none is free).',
  }),
  changeWorkspaceMemberRole: defineRequest({
    name: 'book.workspace-member-role.change',
    version: 1,
    request: z.object({ ...asker, memberId: z.string(), role: InvitableWorkspaceRoleSchema }),
    response: WorkspaceMemberSchema,
    description: "PATCH /workspaces/{id}/members/{memberId}: an admin changes someone's role (never the owner's).",
  }),
  removeWorkspaceMember: defineRequest({
    name: 'book.workspace-member.remove',
    version: 1,
    request: z.object({ ...asker, memberId: z.string() }),
    response: z.object({}),
    description:
      'DELETE /workspaces/{id}/members/{memberId}: an admin removes someone, or a member leaves; never the owner. workspace.member.removed; their next request about its books is refused.',
  }),
  revokeWorkspaceInvitation: defineRequest({
    name: 'book.workspace-invitation.revoke',
    version: 1,
    request: z.object({ ...asker, invitationId: z.string() }),
    response: z.object({}),
    description:
      'DELETE /workspaces/{id}/invitations/{invitationId}: an admin revokes a pending invitation; its seat is free again.',
  }),
  workspaceInvitationLink: defineRequest({
    name: 'book.workspace-invitation-link.create',
    version: 1,
    request: z.object({ ...asker, invitationId: z.string() }),
    response: InvitationLinkSchema,
    description:
      'POST /workspaces/{id}/invitations/{invitationId}/link: a new link to a pending invitation, for an admin to copy.',
  }),
  setWorkspaceSeats: defineRequest({
    name: 'book.workspace-seats.set',
    version: 1,
    request: z.object({ workspaceId: z.string(), seats: SeatCountSchema, setBy: z.string() }),
    response: WorkspaceSchema.pick({ id: true, seats: true }),
    description:
      "Internal: a workspace's seat limit, from billing (its subscription's quantity) or an operator (npm run admin -- set-seats). Never fewer than its members.",
  }),
  previewWorkspaceSeats: defineRequest({
    name: 'book.workspace-seats.preview',
    version: 1,
    request: z.object({ ...asker, seats: SeatCountSchema }),
    response: SeatsPreviewSchema,
    description:
      'GET /workspaces/{id}/seats/preview?seats=N: for an admin, what the new seat count would cost (billing.seats.preview).',
  }),
  changeWorkspaceSeats: defineRequest({
    name: 'book.workspace-seats.change',
    version: 1,
    request: z.object({ ...asker, seats: SeatCountSchema }),
    response: WorkspaceSchema,
    description:
      "PUT /workspaces/{id}/seats: an admin sets the seat count; billing changes the subscription's quantity (billing.seats.change, prorated) and the new limit holds from then on. 409 below the members.",
  }),
  listWorkspaceAudit: defineRequest({
    name: 'book.workspace-audit.list',
    version: 1,
    request: z.object({ ...asker, ...AuditQuerySchema.shape }),
    response: AuditLogSchema,
    description:
      'GET /workspaces/{id}/audit: who invited, joined, changed, removed, moved and deleted what, and when; admins only.',
  }),
  move: defineRequest({
    name: 'book.move',
    version: 1,
    request: z.object({ userId: z.string(), bookId: z.string(), ...MoveBookRequestSchema.shape }),
    response: BookSummarySchema,
    description:
      "POST /book/{id}/move: the book's owner moves it into a workspace they belong to; from then on it is the workspace's (its owner pays for it, every member sees it).",
  }),
} as const;

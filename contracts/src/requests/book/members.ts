import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookActionSchema, BookRoleSchema, SharedRoleSchema } from '../../entities/book/access';
import {
  AcceptedInvitationSchema,
  BookMemberSchema,
  BookMembersSchema,
  CreatedInvitationSchema,
  InvitationLinkSchema,
  InvitationViewSchema,
  InviteMemberRequestSchema,
} from '../../http/books/members';

const owned = { userId: z.string(), bookId: z.string() };

/** Sharing a book (the book service's access/ folder): its people, their roles and the invitations. */
export const bookMemberRequests = {
  listMembers: defineRequest({
    name: 'book.members.list',
    version: 1,
    request: z.object(owned),
    response: BookMembersSchema,
    description:
      'GET /book/{id}/members: the owner and everyone the book is shared with, for anyone who may read it; the pending invitations for the owner only (empty for the others).',
  }),
  invite: defineRequest({
    name: 'book.member.invite',
    version: 1,
    request: z.object({ ...owned, ...InviteMemberRequestSchema.shape }),
    response: CreatedInvitationSchema,
    description:
      'POST /book/{id}/members: the owner invites an email with a role (402 on Starter or without a plan, 403 for anyone but the owner); the invitation is mailed with its link and answered with it. Inviting an email that is already invited replaces the pending invitation.',
  }),
  changeRole: defineRequest({
    name: 'book.member-role.change',
    version: 1,
    request: z.object({ ...owned, memberId: z.string(), role: SharedRoleSchema }),
    response: BookMemberSchema,
    description: "PATCH /book/{id}/members/{memberId}: the owner changes someone's role; book.member.role-changed.",
  }),
  removeMember: defineRequest({
    name: 'book.member.remove',
    version: 1,
    request: z.object({ ...owned, memberId: z.string() }),
    response: z.object({}),
    description:
      'DELETE /book/{id}/members/{memberId}: the owner removes someone, or a member removes themself (leaves); book.member.removed. Their next request about the book is refused.',
  }),
  revokeInvitation: defineRequest({
    name: 'book.invitation.revoke',
    version: 1,
    request: z.object({ ...owned, invitationId: z.string() }),
    response: z.object({}),
    description:
      'DELETE /book/{id}/invitations/{invitationId}: the owner revokes a pending invitation; its links stop working.',
  }),
  invitationLink: defineRequest({
    name: 'book.invitation-link.create',
    version: 1,
    request: z.object({ ...owned, invitationId: z.string() }),
    response: InvitationLinkSchema,
    description:
      'POST /book/{id}/invitations/{invitationId}/link: a new link to a pending invitation, for the owner to copy (only hashes of links are stored, so a link cannot be shown again).',
  }),
  getInvitation: defineRequest({
    name: 'book.invitation.get',
    version: 1,
    request: z.object({ token: z.string() }),
    response: InvitationViewSchema,
    description: 'GET /invitations/{token}: who invited whom to what; 404 for an unknown or revoked link.',
  }),
  acceptInvitation: defineRequest({
    name: 'book.invitation.accept',
    version: 1,
    request: z.object({ token: z.string(), userId: z.string() }),
    response: AcceptedInvitationSchema,
    description:
      'POST /invitations/{token}/accept: the signed-in person joins the book with the invited role. 403 naming the invited email when signed in as another; 410 when expired; 409 when already accepted.',
  }),
  sharedBookIds: defineRequest({
    name: 'book.shared-books.list',
    version: 1,
    request: z.object({ userId: z.string() }),
    response: z.object({
      bookIds: z.array(z.string()),
      workspaceIds: z.array(z.string()).default([]).describe('The workspaces the person belongs to'),
    }),
    description:
      'Internal: the books shared with this person or in their workspaces (not their own), for the live event stream.',
  }),
  access: defineRequest({
    name: 'book.access.check',
    version: 1,
    request: z.object({
      ...owned,
      action: BookActionSchema,
      inTrash: z
        .boolean()
        .default(false)
        .describe(
          "Also a book in the trash, for a read by its owner: what the trash view shows of it (its cover). Anyone else, and any other action, gets the library's answer (404 for a trashed book)",
        ),
    }),
    response: z.object({
      role: BookRoleSchema,
      ownerId: z.string(),
      workspaceId: z.string().nullable().default(null).describe('The team workspace the book is in, if any'),
    }),
    description:
      "Internal: the one answer to 'may this person do this to this book' for a route that serves a book's data without another book request (a cover image). 404 without a role, 403 naming what the role may not do.",
  }),
} as const;

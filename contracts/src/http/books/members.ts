import { z } from 'zod';
import { emailAddressSchema, isoDateTimeSchema } from '../../entities/formats';
import { BookRoleSchema, SharedRoleSchema } from '../../entities/book/access';
import { InvitableWorkspaceRoleSchema } from '../../entities/workspace/roles';
import { EmailFieldSchema, invalidEmailMessage } from '../text-fields';

/** How long an invitation can be accepted. */
export const invitationLifetimeDays = 7;
export const invitationLifetimeMs = invitationLifetimeDays * 24 * 60 * 60 * 1000;

/** The texts of sharing, for the book service, the gateway and the web. */
export const sharingMessages = {
  invalidEmail: invalidEmailMessage,
  alreadyMember: 'This person is already on this book',
  ownerIsMember: 'You own this book already',
  invitationNotFound: 'This invitation does not exist or was revoked',
  invitationExpired: 'This invitation has expired. Ask for a new one',
  invitationUsed: 'This invitation has already been accepted',
  ownerCannotLeave: "The book's owner can't leave it",
  memberNotFound: 'This person is not on this book',
  invited: 'Invitation sent',
  removed: 'Removed from this book',
  left: 'You left this book',
} as const;

/** The 403 when an invitation is accepted while signed in as someone else: it names whom it was for. */
export function wrongInvitee(email: string): string {
  return `This invitation is for ${email}. Sign in with that email to accept it.`;
}

export const InviteMemberRequestSchema = z.object({
  email: EmailFieldSchema,
  role: SharedRoleSchema,
});
export type InviteMemberRequest = z.infer<typeof InviteMemberRequestSchema>;

export const ChangeMemberRoleRequestSchema = z.object({ role: SharedRoleSchema });

export const MemberParamsSchema = z.object({
  bookId: z.string().min(1).max(100),
  memberId: z.string().min(1).max(100),
});

export const InvitationParamsSchema = z.object({
  bookId: z.string().min(1).max(100),
  invitationId: z.string().min(1).max(100),
});

export const InvitationTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** A person on a book: its owner or someone it was shared with. `id` is the person's user id. */
export const BookMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: emailAddressSchema,
  role: BookRoleSchema,
});
export type BookMember = z.infer<typeof BookMemberSchema>;

/** An invitation not accepted yet. */
export const PendingInvitationSchema = z.object({
  id: z.string(),
  email: emailAddressSchema,
  role: SharedRoleSchema,
  expiresAt: isoDateTimeSchema,
  createdAt: isoDateTimeSchema,
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;

/** POST /book/{id}/members answers the invitation and the link it mailed (shown to the owner to copy). */
export const CreatedInvitationSchema = PendingInvitationSchema.extend({
  link: z.string().describe('The path of the invitation page, /invite/{token}: the secret, shown only in this answer'),
});
export type CreatedInvitation = z.infer<typeof CreatedInvitationSchema>;

export const InvitationLinkSchema = z.object({
  link: z.string().describe('A new path to the same invitation, /invite/{token}; the mailed one still works'),
});

export const BookMembersSchema = z.object({
  members: z.array(BookMemberSchema),
  invitations: z.array(PendingInvitationSchema),
});
export type BookMembers = z.infer<typeof BookMembersSchema>;

/** An invitation leads to a book or to a team workspace (the same invitations serve both). */
const invitationTarget = {
  kind: z.enum(['book', 'workspace']),
  bookId: z.string().optional().describe('For an invitation to a book'),
  workspaceId: z.string().optional().describe('For an invitation to a workspace'),
  role: z.union([SharedRoleSchema, InvitableWorkspaceRoleSchema]),
};

/** GET /invitations/{token}: who invited whom to what. */
export const InvitationViewSchema = z.object({
  ...invitationTarget,
  title: z.string().describe("The book's title or the workspace's name"),
  inviterName: z.string(),
  email: emailAddressSchema,
  expiresAt: isoDateTimeSchema,
  status: z.enum(['pending', 'accepted', 'expired']),
});
export type InvitationView = z.infer<typeof InvitationViewSchema>;

/** POST /invitations/{token}/accept: where to go now. */
export const AcceptedInvitationSchema = z.object(invitationTarget);
export type AcceptedInvitation = z.infer<typeof AcceptedInvitationSchema>;

import { z } from 'zod';
import { emailAddressSchema, isoDateTimeSchema } from '../../entities/formats';
import { InvitableWorkspaceRoleSchema, WorkspaceRoleSchema } from '../../entities/workspace/roles';
import { EmailFieldSchema, invalidEmailMessage } from '../text-fields';

/** The seats a new workspace has until its owner buys more (Stripe) or an operator sets them (local). */
export const defaultWorkspaceSeats = 5;

/** The texts of workspaces, for the book service, the gateway and the web. */
export const workspaceMessages = {
  invalidEmail: invalidEmailMessage,
  name: 'Give the workspace a name (1 to 100 characters)',
  needsEnterprise: 'Team workspaces come with the Enterprise plan',
  alreadyOwnsOne: 'You have a workspace already: an Enterprise plan pays for one',
  notFound: 'Workspace not found',
  adminsOnly: "Only the workspace's owner and admins can do this",
  alreadyMember: 'This person is in this workspace already',
  memberNotFound: 'This person is not in this workspace',
  ownerCannotLeave: "The workspace's owner can't leave it or be demoted",
  notAMember: 'You can only move a book into a workspace you belong to',
  seats: 'Seats must be a whole number from 1 to 10000',
  fewerSeatsThanMembers: 'There are more members than that: remove people first',
} as const;

/** The 402 of an invitation past the seat limit: it names the limit. */
export function seatLimitReached(limit: number): string {
  return `All ${limit} seats of this workspace are taken. Add seats or remove someone first`;
}

export const WorkspaceNameSchema = z
  .string({ error: workspaceMessages.name })
  .trim()
  .min(1, workspaceMessages.name)
  .max(100, workspaceMessages.name);

export const CreateWorkspaceRequestSchema = z.object({ name: WorkspaceNameSchema });

export const WorkspaceParamsSchema = z.object({ workspaceId: z.string().min(1).max(100) });
export const WorkspaceMemberParamsSchema = WorkspaceParamsSchema.extend({ memberId: z.string().min(1).max(100) });
export const WorkspaceInvitationParamsSchema = WorkspaceParamsSchema.extend({
  invitationId: z.string().min(1).max(100),
});

export const SeatCountSchema = z
  .number({ error: workspaceMessages.seats })
  .int(workspaceMessages.seats)
  .min(1, workspaceMessages.seats)
  .max(10_000, workspaceMessages.seats);

/** Seats: members with writing roles (every workspace role writes; one-book guests are free). */
export const SeatsSchema = z.object({
  used: z.number().int().describe('Members, and pending invitations that will take a seat when accepted'),
  limit: z.number().int(),
});
export type Seats = z.infer<typeof SeatsSchema>;

export const WorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: WorkspaceRoleSchema.describe('Your role in the workspace'),
  ownerId: z.string(),
  seats: SeatsSchema,
  createdAt: isoDateTimeSchema,
});
export type Workspace = z.infer<typeof WorkspaceSchema>;

export const WorkspaceListSchema = z.object({ workspaces: z.array(WorkspaceSchema) });

export const InviteWorkspaceMemberRequestSchema = z.object({
  email: EmailFieldSchema,
  role: InvitableWorkspaceRoleSchema,
});

export const ChangeWorkspaceMemberRoleRequestSchema = z.object({ role: InvitableWorkspaceRoleSchema });

/** What one person spent of a pool this month, by kind. */
export const SpentSchema = z.object({
  book: z.number().int(),
  cover: z.number().int(),
  translation: z.number().int(),
});
export type Spent = z.infer<typeof SpentSchema>;

export const WorkspaceMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: emailAddressSchema,
  role: WorkspaceRoleSchema,
  joinedAt: isoDateTimeSchema,
  spentThisMonth: SpentSchema.optional().describe(
    "What they spent of the workspace's pool this month (books, covers, translations): shown to admins",
  ),
});
export type WorkspaceMember = z.infer<typeof WorkspaceMemberSchema>;

export const PendingWorkspaceInvitationSchema = z.object({
  id: z.string(),
  email: emailAddressSchema,
  role: InvitableWorkspaceRoleSchema,
  expiresAt: isoDateTimeSchema,
  createdAt: isoDateTimeSchema,
});

export const CreatedWorkspaceInvitationSchema = PendingWorkspaceInvitationSchema.extend({
  link: z.string().describe('The path of the invitation page, /invite/{token}: the secret, shown only in this answer'),
});

export const WorkspaceMembersSchema = z.object({
  members: z.array(WorkspaceMemberSchema),
  invitations: z.array(PendingWorkspaceInvitationSchema).describe('Pending invitations: for admins only'),
  seats: SeatsSchema,
});
export type WorkspaceMembers = z.infer<typeof WorkspaceMembersSchema>;

export const SetSeatsRequestSchema = z.object({ seats: SeatCountSchema });

/** POST /book/{id}/move: into a workspace the mover belongs to. */
export const MoveBookRequestSchema = z.object({ workspaceId: z.string().min(1).max(100) });

export const auditActions = [
  'workspace.created',
  'member.invited',
  'invitation.revoked',
  'member.joined',
  'member.role-changed',
  'member.removed',
  'member.left',
  'seats.changed',
  'book.created',
  'book.moved-in',
  'book.moved-out',
  'book.trashed',
  'book.restored',
  'book.deleted',
  'api-token.created',
  'api-token.used-from-new-address',
  'api-token.revoked',
] as const;
export const AuditActionSchema = z.enum(auditActions);
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: isoDateTimeSchema,
  action: AuditActionSchema,
  actor: z.object({ id: z.string(), name: z.string() }).describe('Who did it'),
  subject: z
    .object({ id: z.string().optional(), email: z.string().optional(), name: z.string().optional() })
    .optional()
    .describe('The person it was done to, for invitations and membership changes'),
  book: z.object({ id: z.string(), title: z.string() }).optional(),
  role: z.string().optional(),
  previousRole: z.string().optional(),
  seats: z.number().int().optional(),
  token: z
    .object({ id: z.string(), name: z.string() })
    .optional()
    .describe(
      "The API token of an api-token line: the workspace's own, or a member's personal one, which reaches its books",
    ),
  address: z.string().optional().describe('The address an API token was used from, for used-from-new-address'),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditLogSchema = z.object({
  entries: z.array(AuditEntrySchema).describe('Newest first'),
});
export type AuditLog = z.infer<typeof AuditLogSchema>;

export const AuditQuerySchema = z.object({
  before: isoDateTimeSchema.optional().describe('Entries older than this (the `at` of the last entry of a page)'),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

/**
 * GET /workspaces/{id}/seats/preview?seats=N: what changing the seat count costs, before it is confirmed
 * (Stripe's upcoming-invoice preview with proration; nothing is charged in local payment mode).
 */
export const SeatsPreviewSchema = z.object({
  seats: z.number().int().describe('The seat count asked about'),
  currentSeats: z.number().int(),
  perSeat: z.number().int().describe('The monthly price of one seat, in cents'),
  currency: z.string(),
  dueNow: z
    .number()
    .int()
    .describe('Charged (positive) or credited (negative) now for the rest of the period, in cents'),
  monthly: z.number().int().describe('The seats part of each monthly invoice from now on, in cents'),
  provider: z.enum(['stripe', 'local']),
});
export type SeatsPreview = z.infer<typeof SeatsPreviewSchema>;

export const SeatsPreviewQuerySchema = z.object({ seats: z.coerce.number().pipe(SeatCountSchema) });

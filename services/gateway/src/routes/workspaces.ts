import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuditLogSchema,
  AuditQuerySchema,
  BookParamsSchema,
  BookSummarySchema,
  ChangeWorkspaceMemberRoleRequestSchema,
  CreatedWorkspaceInvitationSchema,
  CreateWorkspaceRequestSchema,
  InvitationLinkSchema,
  InviteWorkspaceMemberRequestSchema,
  MessageSchema,
  MoveBookRequestSchema,
  SeatsPreviewQuerySchema,
  SeatsPreviewSchema,
  SetSeatsRequestSchema,
  WorkspaceInvitationParamsSchema,
  WorkspaceListSchema,
  WorkspaceMemberParamsSchema,
  WorkspaceMemberSchema,
  WorkspaceMembersSchema,
  WorkspaceParamsSchema,
  WorkspaceSchema,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { routePresets } from '../security/route-presets';
import { tokenWorkspaceOf } from '../security/workspace-token-fence';
import type { RouteDeps, RouteReply, RouteRequest } from './route-deps';

const tags = ['workspaces'];

const createWorkspaceSchema = {
  operationId: 'createWorkspace',
  tags,
  summary: 'Create your team workspace (Enterprise): you are its owner',
  description: '402 on other plans; 409 when you own one already (an Enterprise plan pays for one).',
  body: CreateWorkspaceRequestSchema,
  response: { 201: WorkspaceSchema },
};
const listWorkspacesSchema = {
  operationId: 'listWorkspaces',
  tags,
  summary: 'The workspaces you belong to, with your role and the seats',
  response: { 200: WorkspaceListSchema },
};
const listWorkspaceMembersSchema = {
  operationId: 'listWorkspaceMembers',
  tags,
  summary: "A workspace's people and seats; its pending invitations for admins",
  params: WorkspaceParamsSchema,
  response: { 200: WorkspaceMembersSchema },
};
const inviteWorkspaceMemberSchema = {
  operationId: 'inviteWorkspaceMember',
  tags,
  summary: 'Invite someone to a workspace by email, as admin or member (admins)',
  description:
    'The invitation takes a seat until accepted, revoked or expired: 402 naming the limit when none is free.',
  params: WorkspaceParamsSchema,
  body: InviteWorkspaceMemberRequestSchema,
  response: { 201: CreatedWorkspaceInvitationSchema },
};
const changeWorkspaceMemberRoleSchema = {
  operationId: 'changeWorkspaceMemberRole',
  tags,
  summary: "Make someone an admin or a member (admins; never the owner's role)",
  params: WorkspaceMemberParamsSchema,
  body: ChangeWorkspaceMemberRoleRequestSchema,
  response: { 200: WorkspaceMemberSchema },
};
const removeWorkspaceMemberSchema = {
  operationId: 'removeWorkspaceMember',
  tags,
  summary: 'Remove someone from a workspace (admins), or leave it (your own id); never the owner',
  description: 'Takes effect on their next request about its books; their live event stream closes within seconds.',
  params: WorkspaceMemberParamsSchema,
  response: { 200: MessageSchema },
};
const revokeWorkspaceInvitationSchema = {
  operationId: 'revokeWorkspaceInvitation',
  tags,
  summary: 'Revoke a pending invitation (admins); its seat is free again',
  params: WorkspaceInvitationParamsSchema,
  response: { 200: MessageSchema },
};
const createWorkspaceInvitationLinkSchema = {
  operationId: 'createWorkspaceInvitationLink',
  tags,
  summary: 'A new link to a pending invitation, to copy (admins)',
  params: WorkspaceInvitationParamsSchema,
  response: { 201: InvitationLinkSchema },
};
const previewSeatsSchema = {
  operationId: 'previewWorkspaceSeats',
  tags,
  summary: 'What a new seat count would cost now and monthly (admins); changes nothing',
  params: WorkspaceParamsSchema,
  querystring: SeatsPreviewQuerySchema,
  response: { 200: SeatsPreviewSchema },
};
const changeSeatsSchema = {
  operationId: 'changeWorkspaceSeats',
  tags,
  summary: 'Set the seat count (admins): the subscription follows it, prorated',
  description: '409 below the number of members.',
  params: WorkspaceParamsSchema,
  body: SetSeatsRequestSchema,
  response: { 200: WorkspaceSchema },
};
const auditSchema = {
  operationId: 'listWorkspaceAudit',
  tags,
  summary: "A workspace's audit log, newest first (admins)",
  description:
    'Invitations, joins, role changes, removals, seats, and books created, moved and deleted: who did each and when.',
  params: WorkspaceParamsSchema,
  querystring: AuditQuerySchema,
  response: { 200: AuditLogSchema },
};
const moveBookSchema = {
  operationId: 'moveBook',
  tags,
  summary: "Move a book into a workspace you belong to (the book's owner)",
  description: "From then on it is the workspace's: every member sees it and its owner pays for its AI work.",
  params: BookParamsSchema,
  body: MoveBookRequestSchema,
  response: { 200: BookSummarySchema },
};

/**
 * Team workspaces (issue 43). The book service's access module decides every one of these; the gateway only
 * carries them.
 */
export function workspaceRoutes(deps: RouteDeps) {
  const { signedIn } = routePresets(deps);
  const people = peopleHandlers(deps);
  const seats = seatHandlers(deps);

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post('/workspaces', { schema: createWorkspaceSchema, ...signedIn }, people.createWorkspace);
    app.get('/workspaces', { schema: listWorkspacesSchema, ...signedIn }, people.listWorkspaces);
    app.get(
      '/workspaces/:workspaceId/members',
      { schema: listWorkspaceMembersSchema, ...signedIn },
      people.listMembers,
    );
    app.post('/workspaces/:workspaceId/members', { schema: inviteWorkspaceMemberSchema, ...signedIn }, people.invite);
    app.patch(
      '/workspaces/:workspaceId/members/:memberId',
      { schema: changeWorkspaceMemberRoleSchema, ...signedIn },
      people.changeRole,
    );
    app.delete(
      '/workspaces/:workspaceId/members/:memberId',
      { schema: removeWorkspaceMemberSchema, ...signedIn },
      people.remove,
    );
    app.delete(
      '/workspaces/:workspaceId/invitations/:invitationId',
      { schema: revokeWorkspaceInvitationSchema, ...signedIn },
      people.revokeInvitation,
    );
    app.post(
      '/workspaces/:workspaceId/invitations/:invitationId/link',
      { schema: createWorkspaceInvitationLinkSchema, ...signedIn },
      people.createInvitationLink,
    );
    app.get('/workspaces/:workspaceId/seats/preview', { schema: previewSeatsSchema, ...signedIn }, seats.preview);
    app.put('/workspaces/:workspaceId/seats', { schema: changeSeatsSchema, ...signedIn }, seats.change);
    app.get('/workspaces/:workspaceId/audit', { schema: auditSchema, ...signedIn }, seats.audit);
    app.post('/book/:bookId/move', { schema: moveBookSchema, ...signedIn }, seats.moveBook);
  };
}

const asker = (request: { userId: string; params: { workspaceId: string } }) => ({
  userId: request.userId,
  workspaceId: request.params.workspaceId,
});

/** The workspaces and their people: created, listed, invited, changed, removed. */
function peopleHandlers({ ask }: RouteDeps) {
  return {
    async createWorkspace(
      request: RouteRequest<typeof createWorkspaceSchema>,
      reply: RouteReply<typeof createWorkspaceSchema>,
    ) {
      const workspace = await ask(request, requests.book.createWorkspace, { userId: request.userId, ...request.body });
      return reply.code(201).send(workspace);
    },
    async listWorkspaces(request: RouteRequest<typeof listWorkspacesSchema>) {
      const { workspaces } = await ask(request, requests.book.listWorkspaces, { userId: request.userId });
      // A workspace's API token sees its own workspace only.
      const only = tokenWorkspaceOf(request);
      return { workspaces: only === undefined ? workspaces : workspaces.filter((item) => item.id === only) };
    },
    async listMembers(request: RouteRequest<typeof listWorkspaceMembersSchema>) {
      return ask(request, requests.book.listWorkspaceMembers, asker(request));
    },
    async invite(
      request: RouteRequest<typeof inviteWorkspaceMemberSchema>,
      reply: RouteReply<typeof inviteWorkspaceMemberSchema>,
    ) {
      const invitation = await ask(request, requests.book.inviteWorkspaceMember, {
        ...asker(request),
        ...request.body,
      });
      return reply.code(201).send(invitation);
    },
    async changeRole(request: RouteRequest<typeof changeWorkspaceMemberRoleSchema>) {
      const { memberId } = request.params;
      return ask(request, requests.book.changeWorkspaceMemberRole, { ...asker(request), memberId, ...request.body });
    },
    async remove(request: RouteRequest<typeof removeWorkspaceMemberSchema>) {
      const { memberId } = request.params;
      await ask(request, requests.book.removeWorkspaceMember, { ...asker(request), memberId });
      return { msg: memberId === request.userId ? 'You left this workspace' : 'Removed from this workspace' };
    },
    async revokeInvitation(request: RouteRequest<typeof revokeWorkspaceInvitationSchema>) {
      const { invitationId } = request.params;
      await ask(request, requests.book.revokeWorkspaceInvitation, { ...asker(request), invitationId });
      return { msg: 'Invitation revoked' };
    },
    async createInvitationLink(
      request: RouteRequest<typeof createWorkspaceInvitationLinkSchema>,
      reply: RouteReply<typeof createWorkspaceInvitationLinkSchema>,
    ) {
      const { invitationId } = request.params;
      const link = await ask(request, requests.book.workspaceInvitationLink, { ...asker(request), invitationId });
      return reply.code(201).send(link);
    },
  };
}

/** Seats, the audit log and moving a book in. */
function seatHandlers({ ask }: RouteDeps) {
  return {
    async preview(request: RouteRequest<typeof previewSeatsSchema>) {
      return ask(request, requests.book.previewWorkspaceSeats, { ...asker(request), seats: request.query.seats });
    },
    async change(request: RouteRequest<typeof changeSeatsSchema>) {
      return ask(request, requests.book.changeWorkspaceSeats, { ...asker(request), seats: request.body.seats });
    },
    async audit(request: RouteRequest<typeof auditSchema>) {
      return ask(request, requests.book.listWorkspaceAudit, { ...asker(request), ...request.query });
    },
    async moveBook(request: RouteRequest<typeof moveBookSchema>) {
      return ask(request, requests.book.move, {
        userId: request.userId,
        bookId: request.params.bookId,
        ...request.body,
      });
    },
  };
}

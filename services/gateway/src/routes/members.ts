import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AcceptedInvitationSchema,
  BookMemberSchema,
  BookMembersSchema,
  BookParamsSchema,
  ChangeMemberRoleRequestSchema,
  CreatedInvitationSchema,
  InvitationLinkSchema,
  InvitationParamsSchema,
  InvitationTokenParamsSchema,
  InvitationViewSchema,
  InviteMemberRequestSchema,
  MemberParamsSchema,
  MessageSchema,
  sharingMessages,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { routePresets } from '../security/route-presets';
import type { RouteDeps, RouteReply, RouteRequest } from './route-deps';

const listMembersSchema = {
  operationId: 'listMembers',
  tags: ['sharing'],
  summary: 'The people on a book (its owner first) and, for the owner, the invitations not accepted yet',
  params: BookParamsSchema,
  response: { 200: BookMembersSchema },
};

const inviteMemberSchema = {
  operationId: 'inviteMember',
  tags: ['sharing'],
  summary: 'Invite someone to a book by email, with a role (the owner, on a Professional or Enterprise plan)',
  description:
    'Mails a link to /invite/{token}, valid for 7 days, single-use and bound to the email; answers the invitation with that link. 402 on Starter or without a plan; 403 for anyone but the owner.',
  params: BookParamsSchema,
  body: InviteMemberRequestSchema,
  response: { 201: CreatedInvitationSchema },
};

const changeMemberRoleSchema = {
  operationId: 'changeMemberRole',
  tags: ['sharing'],
  summary: "Change someone's role on a book (the owner)",
  params: MemberParamsSchema,
  body: ChangeMemberRoleRequestSchema,
  response: { 200: BookMemberSchema },
};

const removeMemberSchema = {
  operationId: 'removeMember',
  tags: ['sharing'],
  summary: 'Remove someone from a book (the owner), or leave it (your own id)',
  description: 'Takes effect on their next request; their live event stream closes within seconds.',
  params: MemberParamsSchema,
  response: { 200: MessageSchema },
};

const revokeInvitationSchema = {
  operationId: 'revokeInvitation',
  tags: ['sharing'],
  summary: 'Revoke an invitation not accepted yet (the owner); its links stop working',
  params: InvitationParamsSchema,
  response: { 200: MessageSchema },
};

const createInvitationLinkSchema = {
  operationId: 'createInvitationLink',
  tags: ['sharing'],
  summary: 'A new link to a pending invitation, to copy (the mailed link keeps working)',
  params: InvitationParamsSchema,
  response: { 201: InvitationLinkSchema },
};

const getInvitationSchema = {
  operationId: 'getInvitation',
  tags: ['sharing'],
  summary: 'Who invited whom to what (no sign-in needed: the link is the proof)',
  params: InvitationTokenParamsSchema,
  response: { 200: InvitationViewSchema },
};

const acceptInvitationSchema = {
  operationId: 'acceptInvitation',
  tags: ['sharing'],
  summary: 'Accept an invitation as the signed-in person, whose email must be the invited one',
  description:
    '403 naming the invited email when signed in as someone else; 410 when it expired; 409 when someone already accepted it.',
  params: InvitationTokenParamsSchema,
  response: { 200: AcceptedInvitationSchema },
};

/**
 * Sharing a book (issue 43): its people and the invitations to it. The book service's access module decides
 * every one of these; the gateway only carries them.
 */
export function memberRoutes(deps: RouteDeps) {
  const { ask } = deps;
  const { signedIn } = routePresets(deps);

  async function listMembers(request: RouteRequest<typeof listMembersSchema>) {
    return ask(request, requests.book.listMembers, { userId: request.userId, bookId: request.params.bookId });
  }

  async function inviteMember(
    request: RouteRequest<typeof inviteMemberSchema>,
    reply: RouteReply<typeof inviteMemberSchema>,
  ) {
    const invitation = await ask(request, requests.book.invite, {
      userId: request.userId,
      bookId: request.params.bookId,
      ...request.body,
    });
    return reply.code(201).send(invitation);
  }

  async function changeMemberRole(request: RouteRequest<typeof changeMemberRoleSchema>) {
    const { bookId, memberId } = request.params;
    return ask(request, requests.book.changeRole, { userId: request.userId, bookId, memberId, ...request.body });
  }

  async function removeMember(request: RouteRequest<typeof removeMemberSchema>) {
    const { bookId, memberId } = request.params;
    await ask(request, requests.book.removeMember, { userId: request.userId, bookId, memberId });
    return { msg: memberId === request.userId ? sharingMessages.left : sharingMessages.removed };
  }

  async function revokeInvitation(request: RouteRequest<typeof revokeInvitationSchema>) {
    const { bookId, invitationId } = request.params;
    await ask(request, requests.book.revokeInvitation, { userId: request.userId, bookId, invitationId });
    return { msg: 'Invitation revoked' };
  }

  async function createInvitationLink(
    request: RouteRequest<typeof createInvitationLinkSchema>,
    reply: RouteReply<typeof createInvitationLinkSchema>,
  ) {
    const { bookId, invitationId } = request.params;
    const link = await ask(request, requests.book.invitationLink, { userId: request.userId, bookId, invitationId });
    return reply.code(201).send(link);
  }

  async function getInvitation(
    request: RouteRequest<typeof getInvitationSchema>,
    reply: RouteReply<typeof getInvitationSchema>,
  ) {
    const view = await ask(request, requests.book.getInvitation, { token: request.params.token });
    // The page is about one person's invitation: nothing in between keeps a copy.
    return reply.header('cache-control', 'no-store').send(view);
  }

  async function acceptInvitation(request: RouteRequest<typeof acceptInvitationSchema>) {
    return ask(request, requests.book.acceptInvitation, { token: request.params.token, userId: request.userId });
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/book/:bookId/members', { schema: listMembersSchema, ...signedIn }, listMembers);
    app.post('/book/:bookId/members', { schema: inviteMemberSchema, ...signedIn }, inviteMember);
    app.patch('/book/:bookId/members/:memberId', { schema: changeMemberRoleSchema, ...signedIn }, changeMemberRole);
    app.delete('/book/:bookId/members/:memberId', { schema: removeMemberSchema, ...signedIn }, removeMember);
    app.delete(
      '/book/:bookId/invitations/:invitationId',
      { schema: revokeInvitationSchema, ...signedIn },
      revokeInvitation,
    );
    app.post(
      '/book/:bookId/invitations/:invitationId/link',
      { schema: createInvitationLinkSchema, ...signedIn },
      createInvitationLink,
    );
    app.get('/invitations/:token', { schema: getInvitationSchema }, getInvitation);
    app.post('/invitations/:token/accept', { schema: acceptInvitationSchema, ...signedIn }, acceptInvitation);
  };
}

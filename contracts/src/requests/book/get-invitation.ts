import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { InvitationViewSchema } from '../../http/books/members';

export const getInvitationRequest = defineRequest({
  name: 'book.invitation.get',
  version: 1,
  request: z.object({ token: z.string() }),
  response: InvitationViewSchema,
  description: 'GET /invitations/{token}: who invited whom to what; 404 for an unknown or revoked link.',
});

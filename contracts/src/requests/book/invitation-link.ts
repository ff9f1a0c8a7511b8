import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { InvitationLinkSchema } from '../../http/books/members';
import { owned } from './request-fields';

export const invitationLinkRequest = defineRequest({
  name: 'book.invitation-link.create',
  version: 1,
  request: z.object({ ...owned, invitationId: z.string() }),
  response: InvitationLinkSchema,
  description:
    'POST /book/{id}/invitations/{invitationId}/link: a new link to a pending invitation, for the owner to copy (only hashes of links are stored, so a link cannot be shown again).',
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { AcceptedInvitationSchema } from '../../http/books/members';

export const acceptInvitationRequest = defineRequest({
  name: 'book.invitation.accept',
  version: 1,
  request: z.object({ token: z.string(), userId: z.string() }),
  response: AcceptedInvitationSchema,
  description:
    'POST /invitations/{token}/accept: the signed-in person joins the book with the invited role. 403 naming the invited email when signed in as another; 410 when expired; 409 when already accepted.',
});

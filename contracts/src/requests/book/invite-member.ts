import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { CreatedInvitationSchema, InviteMemberRequestSchema } from '../../http/books/members';
import { owned } from './request-fields';

export const inviteMemberRequest = defineRequest({
  name: 'book.member.invite',
  version: 1,
  request: z.object({ ...owned, ...InviteMemberRequestSchema.shape }),
  response: CreatedInvitationSchema,
  description:
    'POST /book/{id}/members: the owner invites an email with a role (402 on Starter or without a plan, 403 for anyone but the owner); the invitation is mailed with its link and answered with it. Inviting an email that is already invited replaces the pending invitation.',
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { UserProfileSchema } from '../../entities/user';
import { UpdateAccountRequestSchema } from '../../http/user/account';

export const updateAccountRequest = defineRequest({
  name: 'user.account.update',
  version: 1,
  request: z.object({
    userId: z.string(),
    changes: UpdateAccountRequestSchema,
    /** A new avatar the gateway left in the blob store under `uploads/`; deleted whatever happens. */
    avatarUploadKey: z.string().optional(),
  }),
  response: UserProfileSchema,
  description:
    'Changes names, username, email (current password needed) and avatar. 409 when the email or username ' +
    'is taken, 400 for a wrong password or an unusable image.',
});

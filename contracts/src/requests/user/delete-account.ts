import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { DeleteAccountRequestSchema } from '../../http/user/account';

export const deleteAccountRequest = defineRequest({
  name: 'user.account.delete',
  version: 1,
  request: z.object({ userId: z.string(), confirmation: DeleteAccountRequestSchema }),
  response: z.object({}),
  description:
    'Deletes the account after checking the password (or, without one, the email); revokes every session ' +
    'and announces user.deleted so every service removes what it holds of the user.',
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { ChangePasswordRequestSchema } from '../../http/auth/change-password';

export const changePasswordRequest = defineRequest({
  name: 'user.password.change',
  version: 1,
  request: z.object({ userId: z.string(), sessionId: z.string(), change: ChangePasswordRequestSchema }),
  response: z.object({}),
  description: 'Changes the password and revokes every session of the user except the caller’s (`sessionId`).',
});

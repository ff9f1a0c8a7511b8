import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { ForgotPasswordRequestSchema } from '../../http/auth/password-reset';

export const forgotPasswordRequest = defineRequest({
  name: 'user.password.forgot',
  version: 1,
  request: ForgotPasswordRequestSchema,
  response: z.object({}),
  description: 'Mails a single-use reset link when the account exists; answers the same either way.',
});

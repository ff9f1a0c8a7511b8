import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { ResetPasswordRequestSchema } from '../../http/auth/password-reset';

export const resetPasswordRequest = defineRequest({
  name: 'user.password.reset',
  version: 1,
  request: ResetPasswordRequestSchema,
  response: z.object({ userId: z.string() }),
  description:
    'Sets a new password from a reset token and revokes every session of the user, whose id it answers ' +
    '(the gateway drops the sessions it cached).',
});

import { defineRequest } from '../../bus/define';
import { SignUpRequestSchema } from '../../http/auth/sign-up';
import { SessionReplySchema, replacesToken } from './session-reply';

export const signUpRequest = defineRequest({
  name: 'user.sign-up',
  version: 1,
  request: SignUpRequestSchema.extend(replacesToken),
  response: SessionReplySchema,
  description:
    'Creates an account and its first session (revoking the one in replacesToken). 409 when the email is taken.',
});

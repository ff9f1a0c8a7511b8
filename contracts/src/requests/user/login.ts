import { defineRequest } from '../../bus/define';
import { LoginRequestSchema } from '../../http/auth/login';
import { SessionReplySchema, replacesToken } from './session-reply';

export const loginRequest = defineRequest({
  name: 'user.login',
  version: 1,
  request: LoginRequestSchema.extend(replacesToken),
  response: SessionReplySchema,
  description:
    'Checks credentials and opens a new session that replaces (revokes) the one in replacesToken. 401 with one message for any failure.',
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';

export const logoutRequest = defineRequest({
  name: 'user.logout',
  version: 1,
  request: z.object({ token: z.string() }),
  response: z.object({}),
  description: 'Revokes the session with this token; succeeds when it is already gone.',
});

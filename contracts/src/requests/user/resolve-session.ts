import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { ResolvedSessionSchema } from './session';

export const resolveSessionRequest = defineRequest({
  name: 'user.session.resolve',
  version: 1,
  request: z.object({ token: z.string() }),
  response: ResolvedSessionSchema,
  description: 'Maps a session token to its user. 401 when unknown, revoked or expired.',
});

import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { UserProfileSchema } from '../../entities/user';

export const getProfileRequest = defineRequest({
  name: 'user.profile.get',
  version: 1,
  request: z.object({ userId: z.string() }),
  response: UserProfileSchema,
  description: 'The profile of one user. 404 when unknown.',
});

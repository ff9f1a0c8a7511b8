import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { emailAddressSchema } from '../../entities/formats';

export const peopleRequest = defineRequest({
  name: 'user.people.get',
  version: 1,
  request: z.object({ userIds: z.array(z.string()).max(500) }),
  response: z.object({
    people: z.array(z.object({ id: z.string(), name: z.string(), email: emailAddressSchema })),
  }),
  description:
    'Internal: the names and emails of these users (for the people on a shared book); unknown ids are left out.',
});

import { z } from 'zod';
import { defineEvent } from '../../bus/define';

export const userRegisteredV1 = defineEvent({
  name: 'user.registered',
  version: 1,
  schema: z.object({
    userId: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    createdAt: z.string(),
  }),
  description: 'A new account was created. Billing opens its (plan-less) record from this.',
});

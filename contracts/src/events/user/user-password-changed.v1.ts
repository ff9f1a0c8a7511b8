import { z } from 'zod';
import { defineEvent } from '../../bus/define';

export const userPasswordChangedV1 = defineEvent({
  name: 'user.password-changed',
  version: 1,
  schema: z.object({ userId: z.string(), changedAt: z.string(), via: z.enum(['change', 'reset']) }),
  description: 'A password was changed or reset; every earlier session of the user is revoked.',
});

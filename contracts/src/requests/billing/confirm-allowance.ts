import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { AllowanceKindSchema } from './billing-bodies';

export const confirmAllowanceRequest = defineRequest({
  name: 'billing.allowance.confirm',
  version: 1,
  request: z.object({ userId: z.string(), kind: AllowanceKindSchema, key: z.string().min(1).max(200) }),
  response: z.object({ kept: z.boolean() }),
  description:
    'A book now holds the unit reserved under this key: it is kept. A reservation already given back as unconfirmed is taken again (kept: false when none is left). Idempotent.',
});

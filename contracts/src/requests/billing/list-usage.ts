import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { SpentSchema } from '../../http/workspaces/workspaces';

export const listUsageRequest = defineRequest({
  name: 'billing.usage.list',
  version: 1,
  request: z.object({ userId: z.string().describe('The payer, whose pool it is') }),
  response: z.object({
    periodStart: z.string(),
    spenders: z.array(SpentSchema.extend({ userId: z.string() })),
  }),
  description:
    "Who spent what of a payer's allowances this period (a workspace owner's pool, by member; the payer's own use under their id). Given-back units are not counted.",
});

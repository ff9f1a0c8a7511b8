import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { PlanPricesSchema } from './billing-bodies';

export const getPlansRequest = defineRequest({
  name: 'billing.plans.get',
  version: 1,
  request: z.object({}),
  response: PlanPricesSchema,
  description: 'The configured price of each paid plan and which payment provider takes the money.',
});

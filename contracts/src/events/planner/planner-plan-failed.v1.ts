import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { base } from './event-fields';

export const planFailedV1 = defineEvent({
  name: 'planner.plan-failed',
  version: 1,
  schema: z.object({ ...base, reason: z.string().max(1_000) }),
  description:
    'The planner gave up on book.planning-requested (same attempt): the model refused, stayed invalid, or stayed unreachable after the redeliveries. `reason` is for the author. The book service moves planning → failed.',
});

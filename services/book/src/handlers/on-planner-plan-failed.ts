import type { events } from '@bookwright/contracts/events';
import type { EventMeta } from '@bookwright/kit';
import type { z } from 'zod';
import type { BookHandlerDeps } from './deps';
import { failPlanning } from '../domain/planning-results';

type PlanFailed = z.output<(typeof events.planFailed)['schema']>;

/** planner.plan-failed: planning → failed with the planner's reason. */
export function recordPlanFailure(deps: BookHandlerDeps) {
  return async (data: PlanFailed, _meta: EventMeta) => failPlanning(deps, data, data.reason);
}

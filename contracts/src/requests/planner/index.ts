import { defineHealthRequest } from '../health';

/** The planner answers no commands: it consumes book.planning-requested and publishes planner.plan-*. */
export const plannerRequests = {
  health: defineHealthRequest('planner'),
} as const;

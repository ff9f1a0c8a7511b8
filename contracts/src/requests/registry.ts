import type { AnyRequestDef } from '../bus/define';
import { userRequests } from './user';
import { billingRequests } from './billing';
import { bookRequests } from './book';
import { plannerRequests } from './planner';
import { writerRequests } from './writer';
import { exportRequests } from './export';
import { coverRequests } from './cover';
import { collabRequests } from './collab';
import { webhooksRequests } from './webhooks';

/** Every request/reply subject of the system, grouped by the service that answers them. */
export const requests = {
  user: userRequests,
  billing: billingRequests,
  book: bookRequests,
  planner: plannerRequests,
  writer: writerRequests,
  export: exportRequests,
  cover: coverRequests,
  collab: collabRequests,
  webhooks: webhooksRequests,
} as const satisfies Record<string, Record<string, AnyRequestDef>>;

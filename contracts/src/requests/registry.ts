import type { AnyRequestDef } from '../bus/define';
import { userRequests } from './user';

/** Every request/reply subject of the system, grouped by the service that answers them. */
export const requests = {
  user: userRequests,
} as const satisfies Record<string, Record<string, AnyRequestDef>>;

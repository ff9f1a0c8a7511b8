import type { Bus } from '@bookwright/kit';
import type { GatewayConfig } from '../config';
import type { SessionSupport } from '../security/session';

/** What route plugins get: the bus to reach services, session helpers and config. No business data. */
export interface RouteDeps {
  bus: Bus;
  sessions: SessionSupport;
  config: GatewayConfig;
}

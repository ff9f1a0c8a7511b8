import type { BlobStore, Bus } from '@bookwright/kit';
import type { GatewayConfig } from '../config';
import type { SessionSupport } from '../security/session';

/** What route plugins get: the bus to reach services, session helpers and config. No business data. */
export interface RouteDeps {
  bus: Bus;
  /** Only for files in transit (uploads in, exports out) and serving covers; never business data. */
  blobs: BlobStore;
  sessions: SessionSupport;
  config: GatewayConfig;
}

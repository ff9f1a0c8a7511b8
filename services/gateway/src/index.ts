export { buildGateway, apiPrefix } from './app';
export { gatewayService, startGateway, type RunningGateway } from './service';
export { GatewayConfigSchema, type GatewayConfig } from './config';
export type { UpgradeHandler } from './collab/collab-upgrades';

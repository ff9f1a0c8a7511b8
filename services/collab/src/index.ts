export { collabService, standaloneCollabService, type RunningCollab } from './service';
export type { UpgradeHandler } from './server/collab-server';
export { CollabConfigSchema, type CollabConfig } from './config';

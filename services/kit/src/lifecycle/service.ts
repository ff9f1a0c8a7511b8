import type { z } from 'zod';
import type { Logger } from '../logger/logger';
import type { Bus } from '../bus/bus';
import type { BlobStore } from '../blobs/blob-store';
import type { Migration, ServiceDatabase } from '../db';
import type { BaseConfig } from '../config/config';

/** What a service gets from whoever starts it (the standalone runner or the embedded launcher). */
export interface ServiceContext<Config extends BaseConfig> {
  name: string;
  config: Config;
  logger: Logger;
  bus: Bus;
  blobs: BlobStore;
  /** Opens this service's own database (schema), running its migrations first. */
  openDatabase<DB>(migrations: Migration[]): Promise<ServiceDatabase<DB>>;
  /** The clock of work that counts days (the book trash's 30); default the system clock. Tests pass their own. */
  now?: () => Date;
}

export interface RunningService {
  /** Readiness: true once the service can do its work (dependencies reachable). */
  ready(): Promise<boolean>;
  /** Stops taking work, waits for in-flight work, releases what the service opened itself. */
  stop(): Promise<void>;
}

export interface ServiceDefinition<Config extends BaseConfig = BaseConfig> {
  name: string;
  /** The environment variables this service reads: BaseConfigSchema extended with its own. */
  configSchema: z.ZodType<Config>;
  start(context: ServiceContext<Config>): Promise<RunningService>;
}

export function defineService<Config extends BaseConfig>(
  definition: ServiceDefinition<Config>,
): ServiceDefinition<Config> {
  return definition;
}

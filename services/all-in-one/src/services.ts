import type { BaseConfig, ServiceDefinition } from '@bookwright/kit';
import { userService } from '@bookwright/user';

/**
 * Every back-end service the embedded process runs, in start order. The gateway starts last, once they
 * all answer. Adding a service: add it here (see docs/adding-a-service.md).
 */
export const backendServices: ServiceDefinition<BaseConfig>[] = [
  userService as unknown as ServiceDefinition<BaseConfig>,
];

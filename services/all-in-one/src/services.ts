import type { BaseConfig, ServiceDefinition } from '@bookwright/kit';
import { userService } from '@bookwright/user';
import { billingService } from '@bookwright/billing';
import { bookService } from '@bookwright/book';
import { plannerService } from '@bookwright/planner';
import { writerService } from '@bookwright/writer';
import { coverService } from '@bookwright/cover';
import { exportService } from '@bookwright/export';
import { collabService } from '@bookwright/collab';
import { webhooksService } from '@bookwright/webhooks';

const asBase = <C extends BaseConfig>(service: ServiceDefinition<C>) =>
  service as unknown as ServiceDefinition<BaseConfig>;

/**
 * Every back-end service the embedded process runs, in start order (owners of data before the services
 * that call them). The gateway starts last. Adding a service: add it here (see docs/adding-a-service.md).
 */
export const backendServices: ServiceDefinition<BaseConfig>[] = [
  asBase(userService),
  asBase(billingService),
  asBase(bookService),
  asBase(plannerService),
  asBase(writerService),
  asBase(coverService),
  asBase(exportService),
  // Live books: after the book service it loads and saves through; serves on the gateway's port (/collab).
  asBase(collabService),
  // Outgoing webhooks: consumes the book events; asks billing, book and user.
  asBase(webhooksService),
];

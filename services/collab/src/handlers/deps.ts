import type { z } from 'zod';
import type { events } from '@bookwright/contracts/events';
import type { Logger } from '@bookwright/kit';
import type { BookAccess } from '../access/book-access';
import type { LiveConnections } from '../access/live-connections';
import type { OutsideWrites } from '../outside-writes/outside-writes';
import type { BookPersistence } from '../persistence/book-persistence';

/** What the collab service's event handlers act on: this replica's open connections and documents. */
export interface CollabHandlerDeps {
  connections: LiveConnections;
  persistence: BookPersistence;
  /** Brings writes from outside a live session into the documents open here. */
  outsideWrites: OutsideWrites;
  access: BookAccess;
  logger: Logger;
  now: () => number;
}

/** The data of one of the registry's events, as a handler receives it. */
export type EventPayload<K extends keyof typeof events> = z.output<(typeof events)[K]['schema']>;

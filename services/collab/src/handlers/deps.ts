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

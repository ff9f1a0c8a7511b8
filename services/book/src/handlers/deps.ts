import type { Kysely } from 'kysely';
import type { BlobStore, Logger, OutboxRelay } from '@bookwright/kit';
import type { BookDatabase } from '../db/schema';

/** What every book-service handler may use; nothing else. */
export interface BookHandlerDeps {
  db: Kysely<BookDatabase>;
  relay: OutboxRelay;
  blobs: BlobStore;
  logger: Logger;
  newId: () => string;
}

import type { Kysely } from 'kysely';
import type { BlobStore, Logger, Mailer, OutboxRelay } from '@bookwright/kit';
import type { UserDatabase } from '../db/schema';
import type { UserConfig } from '../config';

/** What every user-service handler may use; nothing else. */
export interface UserHandlerDeps {
  db: Kysely<UserDatabase>;
  relay: OutboxRelay;
  blobs: BlobStore;
  mailer: Mailer;
  config: Pick<UserConfig, 'PUBLIC_URL' | 'SALES_EMAIL'>;
  logger: Logger;
  now: () => Date;
}

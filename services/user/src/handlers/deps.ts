import type { Kysely } from 'kysely';
import type { BlobStore, Bus, Logger, Mailer, OutboxRelay } from '@bookwright/kit';
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

/** The API-token handlers (issue 45) also ask billing for the plan, and hash with the server's secret. */
export interface ApiTokenHandlerDeps extends UserHandlerDeps {
  bus: Bus;
  /** The HMAC key of stored tokens (API_TOKEN_HASH_SECRET, or one made for this run). */
  apiTokenHashSecret: string;
}

import type { Kysely } from 'kysely';
import type { ImagesProvider } from '@bookwright/ai';
import type { BlobStore, Bus, Logger } from '@bookwright/kit';
import type { CoverConfig } from '../config';
import type { CoverDatabase } from '../db/schema';

/** What every cover-service handler may use; nothing else. */
export interface CoverHandlerDeps {
  db: Kysely<CoverDatabase>;
  bus: Bus;
  blobs: BlobStore;
  images: ImagesProvider;
  logger: Logger;
  config: Pick<
    CoverConfig,
    'COVER_MAX_INPUT_PIXELS' | 'COVER_RATE_LIMIT' | 'COVER_RATE_WINDOW_MS' | 'COVER_PEER_TIMEOUT_MS'
  >;
  now: () => Date;
  newId: () => string;
}

import type { Kysely } from 'kysely';
import type { BlobStore, Bus, Logger, OutboxRelay } from '@bookwright/kit';
import type { BookDatabase } from '../db/schema';
import type { RevisionRetention } from '../domain/revision-retention';
import type { SavedChaptersMemory } from '../domain/saved-chapters';
import type { PayerPlans } from '../access/payer-plans';

/** What every book-service handler may use; nothing else. */
export interface BookHandlerDeps {
  db: Kysely<BookDatabase>;
  /** For the allowance with billing; everything else the book service says goes through its outbox. */
  bus: Bus;
  relay: OutboxRelay;
  blobs: BlobStore;
  logger: Logger;
  newId: () => string;
  /** Thins a book's revision history after a snapshot was kept (revision-retention.ts). */
  retention: RevisionRetention;
  /** The chapters this process last saw stored at a book's version, so that an autosave need not read them. */
  savedChapters: SavedChaptersMemory;
  /** Whether a book's payer has a plan: changing a book needs one (access/book-access.ts). */
  payers: PayerPlans;
  /** The handlers' clock (revision throttle and retention, the trash); tests set it, the service uses the system clock. */
  now?: () => Date;
}

/** The handlers' clock: the one the service was started with, or the system's. */
export const nowOf = (deps: Pick<BookHandlerDeps, 'now'>): Date => deps.now?.() ?? new Date();

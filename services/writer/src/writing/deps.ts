import type { Kysely } from 'kysely';
import type { LlmProvider } from '@bookwright/ai';
import type { BlobStore, Bus, Logger, OutboxRelay } from '@bookwright/kit';
import type { WriterDatabase } from '../db/schema';

/** How the writer paces itself; every value comes from the configuration. */
export interface WriterTuning {
  /** Chapters written at once in this process (all books together). */
  concurrency: number;
  /** A chapter's notes are taken after it gives its slot back (WRITER_OVERLAP_NOTES). */
  overlapNotes: boolean;
  /** Tries per chapter when the LLM keeps failing (after the provider's own retries). */
  chapterAttempts: number;
  /** Wait before the second try of a chapter; doubled for each further try. */
  retryBaseMs: number;
  /** How long a job stays with this instance without a renewal; another instance may take over after. */
  leaseMs: number;
  /** How often unfinished jobs without a live owner are picked up and unreported outcomes re-sent. */
  sweepMs: number;
  /** Timeout of requests to the book service. */
  requestTimeoutMs: number;
}

/** What the writing pipeline may use; nothing else. */
export interface WriterDeps {
  db: Kysely<WriterDatabase>;
  bus: Pick<Bus, 'request'>;
  blobs: Pick<BlobStore, 'put' | 'get' | 'list' | 'delete'>;
  relay: Pick<OutboxRelay, 'kick' | 'enqueueHeld' | 'committed'>;
  llm: LlmProvider;
  logger: Logger;
  tuning: WriterTuning;
  /** This process's name in job leases. */
  instanceId: string;
}

import type { BlobStore, Bus, Logger } from '@bookwright/kit';
import type { Limit } from '../render/limit';
import type { ExportRenderer } from '../render/renderer';

/** What every export-service handler may use; nothing else. */
export interface ExportHandlerDeps {
  bus: Bus;
  blobs: BlobStore;
  logger: Logger;
  renderer: ExportRenderer;
  /** Every rendering (and page count) runs through this, so a burst of exports queues instead of piling up. */
  renderSlots: Limit;
  /** How long to wait for the book service. */
  bookTimeoutMs: number;
  /** How long validation waits for the real page count before it answers with the estimate. */
  pageCountTimeoutMs: number;
  newId: () => string;
}

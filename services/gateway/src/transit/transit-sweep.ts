import type { FastifyInstance } from 'fastify';
import type { BlobStore, Logger } from '@bookwright/kit';

/**
 * Files in transit through the blob store: an upload the gateway stores before a service reads it
 * (`uploads/`: avatars, manuscripts to import) and a converted manuscript waiting for the book service
 * (`imports/`, written by export). The request that made each removes it when it is done; a replica that
 * dies in between leaves it behind, and nothing else would ever remove it.
 */
export const transitPrefixes = ['uploads', 'imports'] as const;

/** Older than this, no request can still be using a file in transit: the longest import takes minutes. */
export const transitMaxAgeMs = 60 * 60_000;

/** How often each replica looks; replicas sweeping at once only delete the same files twice, which succeeds. */
const sweepEveryMs = 10 * 60_000;

/** Removes the files in transit older than `maxAgeMs` at `now`; answers how many went. */
export async function sweepTransitBlobs(blobs: BlobStore, options: { now: number; maxAgeMs: number }): Promise<number> {
  let removed = 0;
  for (const prefix of transitPrefixes) {
    for (const key of await blobs.list(prefix)) {
      const info = await blobs.stat(key);
      // Gone meanwhile (its request finished), or still young enough to be in use.
      if (!info || options.now - Date.parse(info.modifiedAt) < options.maxAgeMs) continue;
      await blobs.delete(key);
      removed += 1;
    }
  }
  return removed;
}

/** Sweeps every ten minutes while the gateway runs, first a minute after it starts; a failed sweep is logged. */
export function startTransitSweep(app: FastifyInstance, options: { blobs: BlobStore; logger: Logger }): void {
  const sweep = () => {
    sweepTransitBlobs(options.blobs, { now: Date.now(), maxAgeMs: transitMaxAgeMs }).then(
      (removed) => {
        if (removed > 0) options.logger.info({ removed }, 'files left in transit removed');
      },
      (error: unknown) => options.logger.warn({ err: error }, 'files in transit not swept; the next sweep retries'),
    );
  };
  const first = setTimeout(sweep, 60_000);
  const every = setInterval(sweep, sweepEveryMs);
  first.unref();
  every.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
  });
}

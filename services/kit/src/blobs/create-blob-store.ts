import { join } from 'node:path';
import type { Logger } from '../logger/logger';
import type { BlobStore } from './blob-store';
import { createFsBlobStore } from './fs-blob-store';

/**
 * The blob store for the configured mode: the NATS Object Store bucket `${namespace}_blobs` when a NATS
 * URL is set (distributed), files under `${dataDir}/blobs` otherwise (embedded). The NATS adapter is loaded
 * only when it is chosen.
 */
export async function createBlobStore(options: {
  natsUrl?: string;
  namespace: string;
  dataDir: string;
  logger: Logger;
}): Promise<BlobStore> {
  if (options.natsUrl) {
    const { connectNatsBlobStore } = await import('./nats-blob-store');
    return connectNatsBlobStore({
      servers: options.natsUrl,
      bucket: `${options.namespace}_blobs`,
      logger: options.logger,
    });
  }
  return createFsBlobStore({ root: join(options.dataDir, 'blobs') });
}

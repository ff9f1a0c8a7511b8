import type { Logger } from '../logger/logger';
import type { BlobStore } from './blob-store';

/** Deletes every blob under `prefix` (account and book deletion); answers how many went. */
export async function removeBlobsUnder(
  blobs: Pick<BlobStore, 'list' | 'delete'>,
  prefix: string,
  logger: Logger,
): Promise<number> {
  const keys = await blobs.list(prefix);
  for (const key of keys) await blobs.delete(key);
  if (keys.length > 0) logger.info({ prefix, blobs: keys.length }, 'blobs removed');
  return keys.length;
}

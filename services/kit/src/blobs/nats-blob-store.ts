import { Objm, StorageType, type ObjectInfo, type ObjectStore } from '@nats-io/obj';
import { connect } from '@nats-io/transport-node';
import type { Logger } from '../logger/logger';
import type { Blob, BlobInfo, BlobStore } from './blob-store';
import { assertValidKey } from './keys';

const CONTENT_TYPE = 'content-type';
const DIGEST_PREFIX = 'SHA-256=';

/**
 * Blobs in a NATS JetStream Object Store bucket (created if missing), for distributed mode where no
 * service has a shared disk. The content type travels in the object's metadata; the ETag is the
 * object's own SHA-256 digest, in hex so it equals the filesystem store's for the same bytes.
 * The store has its own connection, closed by `close()`.
 */
export async function connectNatsBlobStore(options: {
  servers: string;
  bucket: string;
  logger: Logger;
}): Promise<BlobStore> {
  const servers = options.servers
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // Like the bus: keep reconnecting through a NATS restart. The client gives up after 10 tries (about 20 s)
  // by default, which would leave covers and exports failing until the process restarts.
  const nc = await connect({ servers, name: `blobs:${options.bucket}`, maxReconnectAttempts: -1 });
  let store: ObjectStore;
  try {
    store = await new Objm(nc).create(options.bucket, { storage: StorageType.File });
  } catch (error) {
    await nc.close();
    throw error;
  }
  options.logger.info({ bucket: options.bucket }, 'blob store connected');

  return {
    async put(key, data, meta) {
      assertValidKey(key);
      if (!meta.contentType) throw new Error('a blob needs a content type');
      await store.putBlob({ name: key, metadata: { [CONTENT_TYPE]: meta.contentType } }, data);
    },

    async get(key) {
      assertValidKey(key);
      const result = await store.get(key);
      if (!result) return null;
      const chunks: Uint8Array[] = [];
      // A reader loop rather than `for await`: it type-checks whether or not DOM stream typings are loaded.
      const reader = result.data.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) chunks.push(part.value);
      // The stream ends early on a corrupt or vanished object; the reason arrives here, not as a throw.
      const failure = await result.error;
      if (failure) throw failure;
      const blob: Blob = { ...toInfo(key, result.info), data: Buffer.concat(chunks) };
      return blob;
    },

    async stat(key) {
      assertValidKey(key);
      const info = await store.info(key);
      // A deleted object keeps an info record marked deleted.
      if (!info || info.deleted) return null;
      return toInfo(key, info);
    },

    async delete(key) {
      assertValidKey(key);
      // Deleting an absent object reports `success: false` without throwing, which is what we want.
      await store.delete(key);
    },

    async list(prefix) {
      assertValidKey(prefix);
      const entries = await store.list();
      return entries
        .filter((info) => !info.deleted && (info.name === prefix || info.name.startsWith(`${prefix}/`)))
        .map((info) => info.name);
    },

    async close() {
      if (!nc.isClosed()) await nc.close();
    },
  };
}

function toInfo(key: string, info: ObjectInfo): BlobInfo {
  return {
    key,
    size: info.size,
    contentType: info.metadata?.[CONTENT_TYPE] ?? 'application/octet-stream',
    etag: digestToHex(info.digest),
    // NATS reports nanoseconds; milliseconds match the filesystem store.
    modifiedAt: new Date(info.mtime).toISOString(),
  };
}

function digestToHex(digest: string): string {
  if (!digest.startsWith(DIGEST_PREFIX)) return digest;
  return Buffer.from(digest.slice(DIGEST_PREFIX.length), 'base64url').toString('hex');
}

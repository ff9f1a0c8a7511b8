/**
 * The blob store port: covers, avatars and exports. Keys are slash-separated paths of
 * `[A-Za-z0-9._-]` segments (no `..`); anything else is rejected with an error before touching storage.
 * Filesystem adapter in embedded mode, NATS JetStream Object Store in distributed mode; both pass
 * blobs/blob-store.contract.test.ts.
 */
export interface BlobStore {
  put(key: string, data: Uint8Array, meta: { contentType: string }): Promise<void>;
  /** null when there is no blob under the key. */
  get(key: string): Promise<Blob | null>;
  /** Size and type without the bytes; null when absent. */
  stat(key: string): Promise<BlobInfo | null>;
  /** Succeeds when the key is already absent. */
  delete(key: string): Promise<void>;
  /**
   * Keys of every blob under `prefix` (whole segments: `covers/b1` finds `covers/b1/x`, never `covers/b10`),
   * in no particular order. Lets an owner remove everything it holds under a folder (account deletion).
   */
  list(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

export interface BlobInfo {
  key: string;
  size: number;
  contentType: string;
  /** Content digest, usable as an HTTP ETag. */
  etag: string;
  modifiedAt: string;
}

export interface Blob extends BlobInfo {
  data: Buffer;
}

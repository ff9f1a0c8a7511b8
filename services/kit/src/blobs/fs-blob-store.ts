import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Blob, BlobInfo, BlobStore } from './blob-store';
import { assertValidKey } from './keys';

/*
 * Layout: key `covers/b1/front.png` lives in `<root>/covers/b1/front.png~blob`. Key segments cannot
 * contain `~`, so a blob file (always `~blob`) never collides with a directory made for a longer key
 * (`a` and `a/b` can both exist, as in the NATS store), and temporary files (`~tmp-…`) never collide
 * with either.
 *
 * File format: `BWB1`, a 4-byte big-endian header length, the JSON header (content type, etag, size,
 * time) and the bytes. Keeping the metadata in the same file means one rename publishes data and
 * metadata together: a reader never sees new bytes with an old ETag, as it could with a sidecar file.
 */
const MAGIC = Buffer.from('BWB1');
const PREFIX_LENGTH = MAGIC.length + 4;
const BLOB_SUFFIX = '~blob';

interface Header {
  contentType: string;
  etag: string;
  size: number;
  modifiedAt: string;
}

export function createFsBlobStore(options: { root: string }): BlobStore {
  const root = options.root;
  const fileFor = (key: string): string => {
    assertValidKey(key);
    return join(root, ...key.split('/')) + BLOB_SUFFIX;
  };

  return {
    async put(key, data, meta) {
      const file = fileFor(key);
      if (!meta.contentType) throw new Error('a blob needs a content type');
      const header: Header = {
        contentType: meta.contentType,
        etag: createHash('sha256').update(data).digest('hex'),
        size: data.byteLength,
        modifiedAt: new Date().toISOString(),
      };
      const headerBytes = Buffer.from(JSON.stringify(header));
      const prefix = Buffer.alloc(PREFIX_LENGTH);
      MAGIC.copy(prefix);
      prefix.writeUInt32BE(headerBytes.length, MAGIC.length);

      await mkdir(dirname(file), { recursive: true });
      const temp = `${file.slice(0, -BLOB_SUFFIX.length)}~tmp-${randomUUID()}`;
      const handle = await open(temp, 'wx');
      try {
        await handle.writeFile(prefix);
        await handle.writeFile(headerBytes);
        await handle.writeFile(data);
        // Flushed before the rename, so a crash leaves the old blob or the new one, never a torn file.
        await handle.sync();
        await handle.close();
        await rename(temp, file);
      } catch (error) {
        await handle.close().catch(() => undefined);
        await unlink(temp).catch(() => undefined);
        throw error;
      }
    },

    async get(key) {
      const file = fileFor(key);
      let bytes: Buffer;
      try {
        bytes = await readFile(file);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      const header = parseHeader(bytes, file);
      const start = PREFIX_LENGTH + bytes.readUInt32BE(MAGIC.length);
      const blob: Blob = { ...toInfo(key, header), data: bytes.subarray(start) };
      return blob;
    },

    async stat(key) {
      const file = fileFor(key);
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      try {
        const prefix = Buffer.alloc(PREFIX_LENGTH);
        await handle.read(prefix, 0, PREFIX_LENGTH, 0);
        const headerLength = prefix.readUInt32BE(MAGIC.length);
        const rest = Buffer.alloc(headerLength);
        await handle.read(rest, 0, headerLength, PREFIX_LENGTH);
        return toInfo(key, parseHeader(Buffer.concat([prefix, rest]), file));
      } finally {
        await handle.close();
      }
    },

    async delete(key) {
      try {
        await unlink(fileFor(key));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    async list(prefix) {
      assertValidKey(prefix);
      const keys: string[] = [];
      // `prefix` itself may be a blob as well as a folder (see the layout note above).
      if (
        await access(fileFor(prefix)).then(
          () => true,
          (error: unknown) => (isNotFound(error) ? false : Promise.reject(error)),
        )
      )
        keys.push(prefix);
      const walk = async (dir: string, keyPrefix: string): Promise<void> => {
        let entries;
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (error) {
          if (isNotFound(error)) return;
          throw error;
        }
        for (const entry of entries) {
          if (entry.isDirectory()) await walk(join(dir, entry.name), `${keyPrefix}/${entry.name}`);
          else if (entry.name.endsWith(BLOB_SUFFIX))
            keys.push(`${keyPrefix}/${entry.name.slice(0, -BLOB_SUFFIX.length)}`);
        }
      };
      await walk(join(root, ...prefix.split('/')), prefix);
      return keys;
    },

    async close() {},
  };
}

function parseHeader(bytes: Buffer, file: string): Header {
  if (bytes.length < PREFIX_LENGTH || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new Error(`${file} is not a blob file`);
  }
  const length = bytes.readUInt32BE(MAGIC.length);
  return JSON.parse(bytes.subarray(PREFIX_LENGTH, PREFIX_LENGTH + length).toString('utf8')) as Header;
}

function toInfo(key: string, header: Header): BlobInfo {
  return { key, size: header.size, contentType: header.contentType, etag: header.etag, modifiedAt: header.modifiedAt };
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

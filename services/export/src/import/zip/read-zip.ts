import { crc32, inflateRawSync } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { isAppError } from '@bookwright/contracts/http';
import { importRefusal } from '../refusal';

/**
 * What an import unpacks at most. A Word file of a 150,000-word novel holds a few dozen entries and some
 * 10 MB of XML; an EPUB with illustrations a few hundred entries. Both limits are checked from the zip's
 * central directory BEFORE any entry is inflated, and yauzl checks while inflating that no entry grows
 * past the size it declared, so a zip bomb is refused before it costs memory.
 */
export const zipLimits = {
  maxEntries: 5_000,
  maxUncompressedBytes: 256 * 1024 * 1024,
} as const;

/** The entries of a zip that were asked for, inflated, by name; and every entry's name. */
export interface ZipContents {
  names: readonly string[];
  files: ReadonlyMap<string, Buffer>;
}

/**
 * Reads a zip from memory with the limits above. `wanted` picks the entries to inflate (the others are only
 * listed; it is told each entry's declared size). Refuses (4xx) a file that is not a zip or is damaged, one with encrypted entries, and one over
 * the limits; never throws anything else.
 */
export async function readZip(
  bytes: Buffer,
  wanted: (name: string, uncompressedSize: number) => boolean,
): Promise<ZipContents> {
  const zip = await open(bytes);
  // An error yauzl emits after we stopped listening (a later entry's) must not go unhandled.
  zip.on('error', () => undefined);
  try {
    if (zip.entryCount > zipLimits.maxEntries) throw importRefusal('tooManyEntries');
    const entries = await listEntries(zip);
    let declared = 0;
    for (const entry of entries) {
      if (entry.isEncrypted()) throw importRefusal('encrypted');
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw importRefusal('corrupt');
      declared += entry.uncompressedSize;
    }
    if (declared > zipLimits.maxUncompressedBytes) throw importRefusal('tooManyEntries');
    const files = new Map<string, Buffer>();
    for (const entry of entries) {
      if (entry.fileName.endsWith('/') || !wanted(entry.fileName, entry.uncompressedSize)) continue;
      files.set(entry.fileName, await inflate(zip, entry));
    }
    return { names: entries.map((entry) => entry.fileName), files };
  } catch (error) {
    // yauzl throws plain errors too (an offset past the end of the file): every one means a damaged zip.
    throw isAppError(error) ? error : importRefusal('corrupt', error);
  } finally {
    zip.close();
  }
}

function open(bytes: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // Synchronous throws inside the executor reject the promise, and are mapped by the caller.
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false, decodeStrings: true },
      (error, zip) => (error || !zip ? reject(importRefusal('corrupt', error)) : resolve(zip)),
    );
  });
}

function listEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', (error: unknown) => reject(importRefusal('corrupt', error)));
    zip.readEntry();
  });
}

/**
 * One entry's bytes: the stored (compressed) bytes through yauzl, inflated here at once with the declared
 * size as the most it may give, and checked against it and its CRC. yauzl's own inflating stream can stall
 * without an error on some damaged data (a request that never ends); a synchronous inflate cannot.
 */
function inflate(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // yauzl takes `decompress` for compressed entries only; a stored entry's bytes are its data.
    const options = entry.compressionMethod === 0 ? {} : { decompress: false };
    zip.openReadStream(entry, options as never, (error, stream) => {
      if (error || !stream) return reject(importRefusal('corrupt', error));
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.once('error', (streamError: unknown) => reject(importRefusal('corrupt', streamError)));
      stream.once('end', () => {
        try {
          const stored = Buffer.concat(chunks);
          const data =
            entry.compressionMethod === 0
              ? stored
              : inflateRawSync(stored, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
          if (data.length !== entry.uncompressedSize || crc32(data) !== entry.crc32)
            throw new Error('size or CRC mismatch');
          resolve(data);
        } catch (inflateError) {
          reject(importRefusal('corrupt', inflateError));
        }
      });
    });
  });
}

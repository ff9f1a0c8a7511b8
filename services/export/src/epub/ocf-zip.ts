import { crc32, deflateRawSync } from 'node:zlib';
import type JSZip from 'jszip';

/**
 * The EPUB's container (OCF zip) written from the files JSZip holds, deflated by Node's zlib instead of
 * JSZip's JavaScript deflate, which took most of an EPUB's time (about two thirds of a 100,000-word
 * book's). Same entries in the same order, same compression per entry (the `mimetype` first and stored,
 * as OCF requires; the rest deflated at level 6), the same dates: the same book and `modified` still give
 * the same bytes.
 */
export async function writeOcfZip(zip: JSZip, modified: Date): Promise<Uint8Array> {
  const entries: { name: string; entry: JSZip.JSZipObject }[] = [];
  zip.forEach((name, entry) => entries.push({ name, entry }));
  const parts: Uint8Array[] = [];
  const directory: Uint8Array[] = [];
  let offset = 0;
  const { time, date } = dosDateTime(modified);
  for (const { name, entry } of entries) {
    const data = entry.dir ? new Uint8Array(0) : await entry.async('uint8array');
    const stored =
      entry.dir || (entry as unknown as { options: { compression?: string } }).options.compression === 'STORE';
    const body = stored ? data : deflateRawSync(data, { level: 6 });
    const fileName = Buffer.from(name, 'utf8');
    const header = {
      flags: /^[\x20-\x7e]*$/.test(name) ? 0 : 0x0800,
      method: stored ? 0 : 8,
      time,
      date,
      crc: data.length === 0 ? 0 : crc32(data),
      compressedSize: body.length,
      size: data.length,
      fileName,
    };
    parts.push(localHeader(header), body);
    directory.push(centralHeader(header, entry.dir, offset));
    offset += 30 + fileName.length + body.length;
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return concat([...parts, ...directory, end]);
}

interface EntryHeader {
  flags: number;
  method: number;
  time: number;
  date: number;
  crc: number;
  compressedSize: number;
  size: number;
  fileName: Buffer;
}

function localHeader(entry: EntryHeader): Buffer {
  const header = Buffer.alloc(30 + entry.fileName.length);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  writeCommon(header, 6, entry);
  entry.fileName.copy(header, 30);
  return header;
}

function centralHeader(entry: EntryHeader, dir: boolean, offset: number): Buffer {
  const header = Buffer.alloc(46 + entry.fileName.length);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4); // made by: MS-DOS attributes, zip 2.0
  header.writeUInt16LE(20, 6);
  writeCommon(header, 8, entry);
  header.writeUInt32LE(dir ? 0x10 : 0, 38);
  header.writeUInt32LE(offset, 42);
  entry.fileName.copy(header, 46);
  return header;
}

/** The fields local and central headers share, from "general purpose flags" to "extra field length". */
function writeCommon(header: Buffer, at: number, entry: EntryHeader): void {
  header.writeUInt16LE(entry.flags, at);
  header.writeUInt16LE(entry.method, at + 2);
  header.writeUInt16LE(entry.time, at + 4);
  header.writeUInt16LE(entry.date, at + 6);
  header.writeUInt32LE(entry.crc >>> 0, at + 8);
  header.writeUInt32LE(entry.compressedSize, at + 12);
  header.writeUInt32LE(entry.size, at + 16);
  header.writeUInt16LE(entry.fileName.length, at + 20);
}

/** MS-DOS date and time, in UTC as JSZip wrote them, so the bytes do not depend on the machine's zone. */
function dosDateTime(at: Date): { time: number; date: number } {
  const time = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1);
  const date = ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
  return { time, date };
}

/** One Uint8Array that owns its whole ArrayBuffer, so it can be transferred between threads. */
function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(new ArrayBuffer(parts.reduce((sum, part) => sum + part.length, 0)));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

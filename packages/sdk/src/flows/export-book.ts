import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Bookwright } from '../client/bookwright';
import { BookwrightError } from '../client/bookwright-error';
import type { paths } from '../generated/openapi';

/** The body of POST /api/v1/book/export/{bookId}: `{format: 'epub'}`, or `{format: 'pdf', …}` print options. */
export type ExportOptions = paths['/api/v1/book/export/{bookId}']['post']['requestBody']['content']['application/json'];

export interface ExportedFile {
  /** The name the server gives the file (the spec's download name: the title, `_KDP_Interior`, …). */
  fileName: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

/** The file name of a Content-Disposition header: `filename*` (UTF-8) first, else `filename`. */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      /* fall back to the plain name */
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1] ?? /filename\s*=\s*([^;]+)/i.exec(disposition)?.[1]?.trim();
}

/**
 * Exports a book (POST /api/v1/book/export/{bookId}): the answer is the file itself, streamed. An EPUB without
 * its required metadata is refused with 400 and the missing fields in the error's `issues`.
 */
export async function exportBook(bw: Bookwright, bookId: string, options: ExportOptions): Promise<ExportedFile> {
  const result = await bw.api.POST('/api/v1/book/export/{bookId}', {
    params: { path: { bookId } },
    body: options,
    parseAs: 'stream',
  });
  const { response } = result;
  if (!response.ok || !result.data) throw BookwrightError.fromResponse(response, result.error);
  const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
  // A print export of both interior and cover is a ZIP; an EPUB's type names zip too, but it is an epub.
  const extension = options.format !== 'epub' && contentType.includes('zip') ? 'zip' : options.format;
  return {
    fileName: fileNameOf(response.headers.get('content-disposition')) ?? `${bookId}.${extension}`,
    contentType,
    body: result.data as ReadableStream<Uint8Array>,
  };
}

/**
 * Exports a book into a file: written beside it under a temporary name and renamed when complete, so a
 * failed download never leaves half a file at `path`. `path` may be a function of the server's file name
 * (reduced to its base name, so a server cannot choose the folder). Resolves with the byte count.
 */
export async function downloadBook(
  bw: Bookwright,
  bookId: string,
  options: ExportOptions,
  to: string | ((fileName: string) => string),
  onBytes?: (received: number) => void,
): Promise<{ path: string; bytes: number; fileName: string; contentType: string }> {
  const file = await exportBook(bw, bookId, options);
  const path = typeof to === 'string' ? to : to(basename(file.fileName) || `${bookId}.${options.format}`);
  const partial = `${path}.part-${process.pid}`;
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      onBytes?.(bytes);
      done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(file.body as WebReadableStream), counter, createWriteStream(partial));
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { path, bytes, fileName: file.fileName, contentType: file.contentType };
}

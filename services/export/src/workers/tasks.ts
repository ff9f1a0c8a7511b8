import type { PrintOptions } from '@bookwright/contracts/http';
import type { ExportBook } from '../export-book';
import { CoverImageRequiredError, HardcoverCoverNotSupportedError } from '../pdf/kdp-rules';
import type { EpubPagination } from '../epub/page-list';
import type { InteriorPdf } from '../pdf/render-interior';
import type { DocxFile, DocxOptions } from '../docx';

/** A unit of render work: plain data, so it crosses to a worker thread by structured clone. */
export type RenderTask =
  | { kind: 'interior'; book: ExportBook; options: PrintOptions }
  | { kind: 'interiorPageCount'; book: ExportBook; options: PrintOptions }
  | { kind: 'cover'; book: ExportBook; options: PrintOptions; interiorPageCount: number }
  | { kind: 'epub'; book: ExportBook; modified?: Date; pagination?: EpubPagination }
  | { kind: 'docx'; book: ExportBook; options: DocxOptions };

/** What each kind of task resolves to. */
export interface RenderResults {
  interior: InteriorPdf;
  interiorPageCount: number;
  cover: Uint8Array;
  epub: Uint8Array;
  docx: DocxFile;
}
export type RenderResult<K extends RenderTask['kind']> = RenderResults[K];

/**
 * Runs one task in this thread. The worker calls it; so can a caller that wants no worker (tests, benches).
 * The renderers are loaded on first use, so the pool's side of this module (the error helpers below)
 * does not bring pdfmake, fontkit and epub-gen-memory into the service's main thread.
 */
export async function runTask(task: RenderTask): Promise<RenderResults[RenderTask['kind']]> {
  switch (task.kind) {
    case 'interior':
      return (await import('../pdf/render-interior')).renderInteriorPdf(task.book, task.options);
    case 'interiorPageCount':
      return (await import('../pdf/render-interior')).countInteriorPages(task.book, task.options);
    case 'cover':
      return (await import('../pdf/render-cover')).renderCoverPdf(task.book, task.options, task.interiorPageCount);
    case 'epub':
      return (await import('../epub')).renderEpub(task.book, {
        modified: task.modified ?? new Date(),
        pagination: task.pagination,
      });
    case 'docx':
      return (await import('../docx')).renderDocx(task.book, task.options);
  }
}

/** Errors cross the thread boundary as plain data; these are rebuilt as their own classes. */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
}

export function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: 'Error', message: String(error) };
}

export function deserializeError(error: SerializedError): Error {
  let rebuilt: Error;
  if (error.name === 'HardcoverCoverNotSupportedError') rebuilt = new HardcoverCoverNotSupportedError();
  else if (error.name === 'CoverImageRequiredError') rebuilt = new CoverImageRequiredError();
  else {
    rebuilt = new Error(error.message);
    rebuilt.name = error.name;
  }
  if (error.stack)
    rebuilt.stack = `${rebuilt.name}: ${error.message}\n    [in render worker]\n${error.stack.split('\n').slice(1).join('\n')}`;
  return rebuilt;
}

/** The ArrayBuffers of a result that can be transferred instead of copied (whole-buffer views only). */
export function transferables(result: unknown): ArrayBuffer[] {
  const owned = (bytes: Uint8Array): ArrayBuffer[] =>
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
      ? [bytes.buffer]
      : [];
  if (result instanceof Uint8Array) return owned(result);
  if (result && typeof result === 'object' && 'pdf' in result && result.pdf instanceof Uint8Array)
    return owned(result.pdf);
  if (result && typeof result === 'object' && 'data' in result && result.data instanceof Uint8Array)
    return owned(result.data);
  return [];
}

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PrintOptions } from '@bookwright/contracts';
import type { ExportBook } from '../export-book';
import { HardcoverCoverNotSupportedError } from '../pdf/kdp-rules';
import { CoverImageRequiredError, renderCoverPdf } from '../pdf/render-cover';
import { countInteriorPages, renderInteriorPdf, type InteriorPdf } from '../pdf/render-interior';

/** A unit of render work: plain data, so it crosses to a worker thread by structured clone. */
export type RenderTask =
  | { kind: 'interior'; book: ExportBook; options: PrintOptions }
  | { kind: 'interiorPageCount'; book: ExportBook; options: PrintOptions }
  | { kind: 'cover'; book: ExportBook; options: PrintOptions; interiorPageCount: number }
  | { kind: 'epub'; book: ExportBook; modified?: Date };

/** What each kind of task resolves to. */
export interface RenderResults {
  interior: InteriorPdf;
  interiorPageCount: number;
  cover: Uint8Array;
  epub: Uint8Array;
}
export type RenderResult<K extends RenderTask['kind']> = RenderResults[K];

type EpubBuilder = (book: ExportBook, options: { modified: Date }) => Promise<Uint8Array>;
let epubBuilder: Promise<EpubBuilder> | undefined;

/**
 * The EPUB renderer lives with the EPUB code (services/export/src/epub): `buildEpub` from
 * `epub/build-epub.ts` when that module exists, otherwise `renderEpub` from `epub/index.ts`. Imported on
 * first use, so this module does not depend on it at load time.
 */
function loadEpubBuilder(): Promise<EpubBuilder> {
  epubBuilder ??= (async () => {
    const candidates = [
      { url: new URL('../epub/build-epub.ts', import.meta.url), name: 'buildEpub' },
      { url: new URL('../epub/index.ts', import.meta.url), name: 'renderEpub' },
    ];
    for (const candidate of candidates) {
      if (!existsSync(fileURLToPath(candidate.url))) continue;
      const module = (await import(candidate.url.href)) as Record<string, unknown>;
      const builder = module[candidate.name];
      if (typeof builder === 'function') return builder as EpubBuilder;
    }
    throw new Error('No EPUB builder: expected buildEpub in epub/build-epub.ts or renderEpub in epub/index.ts');
  })();
  return epubBuilder;
}

/** Runs one task in this thread. The worker calls it; so can a caller that wants no worker (tests, benches). */
export async function runTask(task: RenderTask): Promise<RenderResults[RenderTask['kind']]> {
  switch (task.kind) {
    case 'interior':
      return renderInteriorPdf(task.book, task.options);
    case 'interiorPageCount':
      return countInteriorPages(task.book, task.options);
    case 'cover':
      return renderCoverPdf(task.book, task.options, task.interiorPageCount);
    case 'epub':
      return (await loadEpubBuilder())(task.book, { modified: task.modified ?? new Date() });
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
  return [];
}

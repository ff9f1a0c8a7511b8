import type { PrintOptions } from '@bookwright/contracts/http';
import type { ExportBook } from '../export-book';
import type { EpubPagination } from '../epub/page-list';
import type { InteriorPdf } from '../pdf/render-interior';
import type { DocxFile, DocxOptions } from '../docx';
import { RenderWorkerPool, type RenderPoolOptions } from './pool';
import type { RenderResult, RenderTask } from './tasks';

export { RenderWorkerPool, type RenderPoolOptions } from './pool';
export { runTask, type RenderResult, type RenderResults, type RenderTask } from './tasks';

let shared: RenderWorkerPool | undefined;

/** The process-wide render pool, created on first use (configure it once with `configureRenderWorkers`). */
export function renderWorkers(): RenderWorkerPool {
  shared ??= new RenderWorkerPool();
  return shared;
}

/** Replaces the shared pool's settings; call at start-up, before the first render. */
export function configureRenderWorkers(options: RenderPoolOptions): void {
  const previous = shared;
  shared = new RenderWorkerPool(options);
  void previous?.close();
}

/** Stops the shared pool's workers (graceful shutdown, test teardown). The next task starts a new pool. */
export async function closeRenderWorkers(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}

/** Runs a render task in a worker thread of the shared pool. */
export function runInWorker<T = RenderResult<RenderTask['kind']>>(task: RenderTask): Promise<T> {
  return renderWorkers().run<T>(task);
}

export function renderInteriorPdfInWorker(book: ExportBook, options: PrintOptions): Promise<InteriorPdf> {
  return runInWorker<InteriorPdf>({ kind: 'interior', book, options });
}

export function countInteriorPagesInWorker(book: ExportBook, options: PrintOptions): Promise<number> {
  return runInWorker<number>({ kind: 'interiorPageCount', book, options });
}

export function renderCoverPdfInWorker(
  book: ExportBook,
  options: PrintOptions,
  interiorPageCount: number,
): Promise<Uint8Array> {
  return runInWorker<Uint8Array>({ kind: 'cover', book, options, interiorPageCount });
}

export function renderEpubInWorker(
  book: ExportBook,
  options: { modified?: Date; pagination?: EpubPagination } = {},
): Promise<Uint8Array> {
  return runInWorker<Uint8Array>({ kind: 'epub', book, modified: options.modified, pagination: options.pagination });
}

export function renderDocxInWorker(book: ExportBook, options: DocxOptions): Promise<DocxFile> {
  return runInWorker<DocxFile>({ kind: 'docx', book, options });
}

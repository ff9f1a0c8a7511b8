/**
 * Renders a short interior in a worker thread and prints `{"pageCount":…,"bytes":…}`: proves the worker
 * bootstrap outside vitest. Run: node --import tsx services/export/src/workers/worker-smoke.ts
 */
import { typesetExportBook } from '../pdf/testing/books';
import { closeRenderWorkers, renderInteriorPdfInWorker } from './index';

const book = typesetExportBook({}, { chapters: 2, wordsPerChapter: 400 });
const result = await renderInteriorPdfInWorker(book, {
  platform: 'kdp',
  exportType: 'interior',
  trimSize: '5x8',
  paperColor: 'cream',
  isPaperback: true,
  bleed: false,
});
process.stdout.write(`${JSON.stringify({ pageCount: result.pageCount, bytes: result.pdf.byteLength })}\n`);
await closeRenderWorkers();

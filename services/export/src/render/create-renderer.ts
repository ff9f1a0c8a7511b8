import {
  countInteriorPagesInWorker,
  renderCoverPdfInWorker,
  renderDocxInWorker,
  renderEpubInWorker,
  renderInteriorPdfInWorker,
} from '../workers';
import type { ExportRenderer } from './renderer';

/**
 * The renderers of this build. `inWorkers` (the service's default) runs each one in the shared render
 * worker pool (src/workers), so a long book never stalls the event loop of a process that also serves
 * HTTP; without it they run in this thread (benches, and tests that look inside one render).
 */
export function createExportRenderer(options: { inWorkers?: boolean } = {}): ExportRenderer {
  if (options.inWorkers) {
    return {
      epub: (book, epubOptions) => renderEpubInWorker(book, epubOptions),
      docx: (book, docxOptions) => renderDocxInWorker(book, docxOptions),
      pdf: {
        interior: async (book, print) => {
          const { pdf, pageCount, pagination } = await renderInteriorPdfInWorker(book, print);
          return { pdf, pageCount, pagination };
        },
        cover: (book, print, pageCount) => renderCoverPdfInWorker(book, print, pageCount),
        pageCount: (book, print) => countInteriorPagesInWorker(book, print),
      },
    };
  }
  // Loaded on first use: the renderers bring epub-gen-memory, pdfmake and fontkit, which a service that
  // renders in its workers never needs in this thread (start-up time and memory of every process).
  return {
    epub: async (book, epubOptions) => (await import('../epub')).renderEpub(book, epubOptions),
    docx: async (book, docxOptions) => (await import('../docx')).renderDocx(book, docxOptions),
    pdf: {
      interior: async (book, print) => {
        const { pdf, pageCount, pagination } = await (
          await import('../pdf/render-interior')
        ).renderInteriorPdf(book, print);
        return { pdf, pageCount, pagination };
      },
      cover: async (book, print, pageCount) =>
        (await import('../pdf/render-cover')).renderCoverPdf(book, print, pageCount),
      pageCount: async (book, print) => (await import('../pdf/render-interior')).countInteriorPages(book, print),
    },
  };
}

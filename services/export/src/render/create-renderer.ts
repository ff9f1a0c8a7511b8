import { renderEpub } from '../epub';
import { renderCoverPdf } from '../pdf/render-cover';
import { countInteriorPages, renderInteriorPdf } from '../pdf/render-interior';
import {
  countInteriorPagesInWorker,
  renderCoverPdfInWorker,
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
      pdf: {
        interior: async (book, print) => {
          const { pdf, pageCount } = await renderInteriorPdfInWorker(book, print);
          return { pdf, pageCount };
        },
        cover: (book, print, pageCount) => renderCoverPdfInWorker(book, print, pageCount),
        pageCount: (book, print) => countInteriorPagesInWorker(book, print),
      },
    };
  }
  return {
    epub: (book, epubOptions) => renderEpub(book, epubOptions),
    pdf: {
      interior: async (book, print) => {
        const { pdf, pageCount } = await renderInteriorPdf(book, print);
        return { pdf, pageCount };
      },
      cover: (book, print, pageCount) => renderCoverPdf(book, print, pageCount),
      pageCount: (book, print) => countInteriorPages(book, print),
    },
  };
}

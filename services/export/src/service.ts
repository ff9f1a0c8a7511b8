import { randomUUID } from 'node:crypto';
import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { defineService, on, type Subscription, serveHealth } from '@bookwright/kit';
import { ExportConfigSchema } from './config';
import type { ExportHandlerDeps } from './handlers/deps';
import { renderExport } from './handlers/render';
import { onBookDeleted } from './handlers/on-book-deleted';
import { validateExport } from './handlers/validate';
import { reimportManuscript } from './handlers/reimport-manuscript';
import { convertManuscript } from './handlers/convert-manuscript';
import { renderTakeout } from './handlers/render-takeout';
import { closeRenderWorkers, configureRenderWorkers } from './workers';
import { createExportRenderer } from './render/create-renderer';
import { createLimit } from './render/limit';
import type { ExportRenderer } from './render/renderer';

export interface ExportServiceOptions {
  /** The renderers; default this build's, in worker threads (tests may pass their own). */
  renderer?: () => ExportRenderer;
}

/**
 * Exports: EPUB 3, KDP interior and cover PDFs and a ZIP of both, and export validation. Stateless: it
 * reads books from the book service and covers from the blob store, and leaves each file in the blob store
 * for the gateway to hand out.
 */
export function createExportService(options: ExportServiceOptions = {}) {
  return defineService({
    name: 'export',
    configSchema: ExportConfigSchema,
    async start({ config, logger, bus, blobs }) {
      if (config.EXPORT_RENDER_WORKERS !== undefined) configureRenderWorkers({ size: config.EXPORT_RENDER_WORKERS });
      const renderer = options.renderer ? options.renderer() : createExportRenderer({ inWorkers: true });
      const deps: ExportHandlerDeps = {
        bus,
        blobs,
        logger,
        renderer,
        renderSlots: createLimit(config.EXPORT_CONCURRENCY),
        bookTimeoutMs: config.EXPORT_BOOK_TIMEOUT_MS,
        pageCountTimeoutMs: config.EXPORT_PAGE_COUNT_TIMEOUT_MS,
        newId: randomUUID,
      };

      const subscriptions: Subscription[] = await Promise.all([
        serveHealth(bus, requests.export.health),
        bus.serve(requests.export.validate, validateExport(deps)),
        bus.serve(requests.export.render, renderExport(deps)),
        bus.serve(requests.export.reimportManuscript, reimportManuscript(deps)),
        bus.serve(requests.export.convertManuscript, convertManuscript(deps)),
        bus.serve(requests.export.renderTakeout, renderTakeout()),
        bus.consume('export', [on(events.bookDeleted, onBookDeleted(deps))]),
      ]);
      logger.info({ concurrency: config.EXPORT_CONCURRENCY }, 'export service ready');

      return {
        async ready() {
          return true;
        },
        async stop() {
          // In-flight exports finish (their workers with them) before the pool closes.
          await Promise.all(subscriptions.map((s) => s.stop()));
          await closeRenderWorkers();
        },
      };
    },
  });
}

export const exportService = createExportService();

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppError,
  BookParamsSchema,
  ExportRequestSchema,
  ExportValidationSchema,
  ValidateExportRequestSchema,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import type { RouteDeps, RouteReply, RouteRequest } from './route-deps';
import { attachmentDisposition } from '../http/content-disposition';
import { routePresets } from '../security/route-presets';

/** Rendering a 300-page PDF takes seconds; give the export service longer than ordinary requests. */
const exportTimeoutMs = 180_000;

const validateExportSchema = {
  operationId: 'validateExport',
  tags: ['export'],
  summary: 'Check a book against a format and platform',
  params: BookParamsSchema,
  body: ValidateExportRequestSchema,
  response: { 200: ExportValidationSchema },
};

const exportBookSchema = {
  operationId: 'exportBook',
  tags: ['export'],
  summary:
    'Export as EPUB, KDP interior PDF, KDP cover PDF, a ZIP of both, or a Word document with the review (a file download)',
  produces: [
    'application/epub+zip',
    'application/pdf',
    'application/zip',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ],
  params: BookParamsSchema,
  body: ExportRequestSchema,
};

/** POST /book/{id}/validate-export and POST /book/export/{id} (spec §7). */
export function exportRoutes(deps: RouteDeps) {
  const { ask, blobs } = deps;
  const { signedIn, exportLimit } = routePresets(deps);

  async function validateExport(request: RouteRequest<typeof validateExportSchema>) {
    return ask(request, requests.export.validate, {
      userId: request.userId,
      bookId: request.params.bookId,
      request: request.body,
    });
  }

  async function exportBook(
    request: RouteRequest<typeof exportBookSchema>,
    reply: RouteReply<typeof exportBookSchema>,
  ) {
    const result = await ask(
      request,
      requests.export.render,
      { userId: request.userId, bookId: request.params.bookId, request: request.body },
      { timeoutMs: exportTimeoutMs },
    );
    const file = await blobs.get(result.blobKey);
    if (!file) throw new AppError(500, 'The exported file went missing');
    // The export is a one-off download: it is removed once read, so exports do not pile up.
    await blobs
      .delete(result.blobKey)
      .catch((error: unknown) => request.log.warn({ err: error, key: result.blobKey }, 'could not delete an export'));
    // x-open-suggestions: the file prints the manuscript with its open suggestions rejected; how many.
    return reply
      .header('content-type', result.contentType)
      .header('content-disposition', attachmentDisposition(result.fileName))
      .header('cache-control', 'no-store')
      .header('x-open-suggestions', String(result.openSuggestions))
      .send(file.data);
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post('/book/:bookId/validate-export', { schema: validateExportSchema, ...signedIn }, validateExport);
    app.post('/book/export/:bookId', { schema: exportBookSchema, ...signedIn, ...exportLimit }, exportBook);
  };
}

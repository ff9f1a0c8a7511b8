import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppError,
  BookParamsSchema,
  findUnsafeText,
  ManuscriptImportResponseSchema,
  manuscriptImportMaxBytes,
  manuscriptImportMessages,
  unsafeTextMessage,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { IfMatchHeadersSchema, parseIfMatch } from '../http/if-match';
import { routePresets } from '../security/route-presets';
import type { RouteDeps, RouteRequest } from './route-deps';

/** Reading a 100,000-word Word file back, with its comments opened one by one, takes seconds. */
const reimportTimeoutMs = 120_000;

const reimportSchema = {
  operationId: 'reimportManuscript',
  tags: ['books'],
  summary:
    'Bring an edited Word file (.docx, multipart field "file", up to 50 MB) back into its book: the manuscript is kept as the revision "Before import", the chapters replaced under If-Match (412 when stale), Word’s tracked changes become suggestions and its comments comment threads',
  consumes: ['multipart/form-data'],
  params: BookParamsSchema,
  headers: IfMatchHeadersSchema,
  multipartForm: {
    type: 'object',
    required: ['file'],
    properties: { file: { type: 'string', format: 'binary' } },
  },
  response: { 200: ManuscriptImportResponseSchema },
};

/**
 * POST /book/{id}/import (issue 46): the file goes to the blob store, the export service reads it into the
 * book (through the book service's own saves), and the upload is removed whatever happens.
 */
export function manuscriptReimportRoutes(deps: RouteDeps) {
  const { ask, blobs } = deps;
  const { signedIn } = routePresets(deps);

  async function reimport(request: RouteRequest<typeof reimportSchema>) {
    const ifMatch = parseIfMatch(request.headers['if-match']);
    const file = await readManuscriptFile(request);
    const uploadBlobKey = `uploads/${randomUUID()}`;
    try {
      await blobs.put(uploadBlobKey, file.bytes, { contentType: 'application/octet-stream' });
      return await ask(
        request,
        requests.export.reimportManuscript,
        {
          userId: request.userId,
          bookId: request.params.bookId,
          uploadBlobKey,
          fileName: file.name.slice(0, 500),
          ...(ifMatch ? { ifMatch } : {}),
        },
        { timeoutMs: reimportTimeoutMs },
      );
    } finally {
      await blobs.delete(uploadBlobKey).catch(() => undefined);
    }
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post('/book/:bookId/import', { schema: reimportSchema, ...signedIn }, reimport);
  };
}

/** The form's one file (over 50 MB: 413, however the multipart layer noticed it); other fields are ignored. */
async function readManuscriptFile(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  const announced = Number(request.headers['content-length']);
  if (Number.isFinite(announced) && announced > manuscriptImportMaxBytes + 64 * 1024) throw tooLarge();
  if (!request.isMultipart()) throw new AppError(400, manuscriptImportMessages.missingFile);
  let file: { name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const unsafe = findUnsafeText({ [part.fieldname]: part.filename }, 'multipart');
      if (unsafe !== null) {
        part.file.resume();
        throw new AppError(400, unsafeTextMessage(unsafe));
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      // A file cut at exactly the limit ends quietly, marked truncated.
      if (part.file.truncated) throw tooLarge();
      file = { name: part.filename || 'manuscript.docx', bytes };
    }
  } catch (error) {
    throw (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : error;
  }
  if (!file || file.bytes.length === 0) throw new AppError(400, manuscriptImportMessages.missingFile);
  return file;
}

const tooLarge = () => new AppError(413, manuscriptImportMessages.tooLarge);

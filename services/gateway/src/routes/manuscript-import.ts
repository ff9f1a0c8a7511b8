import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppError,
  bookLanguages,
  errorScreens,
  findUnsafeText,
  GenreSchema,
  hasPlan,
  ManuscriptImportFieldsSchema,
  ManuscriptImportResponseSchema,
  manuscriptImportMaxBytes,
  manuscriptImportMessages,
  unsafeTextMessage,
  type BookLanguage,
  type ManuscriptImportFields,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { routePresets } from '../security/route-presets';
import { creationWorkspace } from '../security/workspace-token-fence';
import type { RouteDeps, RouteReply, RouteRequest } from './route-deps';

/** A 100,000-word Word file converts in a few seconds; a queue of exports ahead of it may add more. */
const conversionTimeoutMs = 120_000;
/** Storing a long book (its chapters, its first revision) takes longer than the usual request. */
const storeTimeoutMs = 60_000;

const binary = { type: 'string', format: 'binary' };

const importBookSchema = {
  operationId: 'importBook',
  tags: ['books'],
  summary:
    'Import a manuscript as a new book (multipart field "file": Word .docx, Markdown, EPUB or plain text, up to 50 MB); the book is ready at once and does not count against the month’s books',
  consumes: ['multipart/form-data'],
  /** The form, for the OpenAPI document (openapi/document.ts); Fastify validates nothing of a multipart body. */
  multipartForm: {
    type: 'object',
    required: ['file'],
    properties: {
      file: binary,
      title: { type: 'string', maxLength: 200 },
      language: {
        type: 'string',
        description: 'The language the book is written in (english, german, …); english when absent',
      },
      genre: { type: 'string', description: 'One of the genres; fiction when absent' },
      workspaceId: { type: 'string', description: 'Create it in this team workspace (one you belong to)' },
    },
  },
  response: { 201: ManuscriptImportResponseSchema },
};

/**
 * POST /book/import: the file goes to the blob store, the export service converts it (its document to the
 * blob store, and the report), and the book service stores the new book from it. Nothing is created when any
 * step refuses; the gateway removes the upload, the converted document and its images whatever happens (the
 * book service keeps its own copies of the images under the new book).
 */
export function manuscriptImportRoutes(deps: RouteDeps) {
  const { ask, blobs } = deps;
  const { signedIn } = routePresets(deps);

  async function importBook(
    request: RouteRequest<typeof importBookSchema>,
    reply: RouteReply<typeof importBookSchema>,
  ) {
    const { file, fields } = await readImportForm(request);
    const workspaceId = creationWorkspace(request, fields.workspaceId);
    const language = languageOf(fields.language);
    const genre = genreOf(fields.genre);
    // An import of one's own needs one's plan: asked before the file is stored and converted, which costs as
    // much as an export. A workspace's book is its owner's to pay for, which the book service checks.
    if (!workspaceId && !hasPlan(await ask(request, requests.billing.getSummary, { userId: request.userId })))
      throw new AppError(402, errorScreens[402].description);
    const uploadBlobKey = `uploads/${randomUUID()}`;
    let contentBlobKey: string | undefined;
    let imageBlobKeys: string[] = [];
    try {
      await blobs.put(uploadBlobKey, file.bytes, { contentType: 'application/octet-stream' });
      const converted = await ask(
        request,
        requests.export.convertManuscript,
        { userId: request.userId, uploadBlobKey, fileName: file.name, language },
        { timeoutMs: conversionTimeoutMs },
      );
      contentBlobKey = converted.contentBlobKey;
      imageBlobKeys = converted.images.map((image) => image.blobKey);
      const { report, images } = converted;
      const book = await ask(
        request,
        requests.book.importManuscript,
        {
          userId: request.userId,
          requestId: request.id,
          ...(workspaceId ? { workspaceId } : {}),
          contentBlobKey,
          images,
          fileName: file.name,
          title: fields.title ?? report.metadata.title?.slice(0, 200) ?? titleFromFileName(file.name),
          language,
          genre,
          ...(report.metadata.author ? { author: report.metadata.author.slice(0, 300) } : {}),
          ...(report.metadata.rights ? { rights: report.metadata.rights.slice(0, 1_000) } : {}),
        },
        { timeoutMs: storeTimeoutMs },
      );
      // The editor opens the new book on this version, as after GET /book/{id}.
      return reply.status(201).header('etag', book.etag).send({ book, report });
    } finally {
      await Promise.all(
        [uploadBlobKey, contentBlobKey, ...imageBlobKeys]
          .filter((key): key is string => key !== undefined)
          .map((key) => blobs.delete(key).catch(() => undefined)),
      );
    }
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post('/book/import', { schema: importBookSchema, ...signedIn }, importBook);
  };
}

/**
 * The form: one file (over 50 MB: 413, however the multipart layer noticed it) and its text fields. A body
 * that announces more than the limit (and a form's few fields) is refused before it is read.
 */
async function readImportForm(request: FastifyRequest): Promise<{
  file: { name: string; bytes: Buffer };
  fields: ManuscriptImportFields;
}> {
  const announced = Number(request.headers['content-length']);
  if (Number.isFinite(announced) && announced > manuscriptImportMaxBytes + 64 * 1024) throw tooLarge();
  if (!request.isMultipart()) throw new AppError(400, manuscriptImportMessages.missingFile);
  const values: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      // Multipart fields skip the body check of safe-text.ts; they get the same one here.
      const unsafe = findUnsafeText(
        { [part.fieldname]: part.type === 'file' ? part.filename : part.value },
        'multipart',
      );
      if (unsafe !== null) {
        if (part.type === 'file') part.file.resume();
        throw new AppError(400, unsafeTextMessage(unsafe));
      }
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          continue;
        }
        file = { name: part.filename || 'manuscript', bytes: await fileBytes(part) };
      } else if (typeof part.value === 'string' && part.value.trim() !== '') {
        values[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw isFileTooLarge(error) ? tooLarge() : error;
  }
  if (!file || file.bytes.length === 0) throw new AppError(400, manuscriptImportMessages.missingFile);
  const fields = ManuscriptImportFieldsSchema.safeParse(values);
  if (!fields.success) throw new AppError(400, fields.error.issues[0]?.message ?? 'Invalid form fields');
  return { file, fields: fields.data };
}

async function fileBytes(part: MultipartFile): Promise<Buffer> {
  const bytes = await part.toBuffer();
  // A file cut at exactly the limit ends quietly, marked truncated (http/image-part.ts says why).
  if (part.file.truncated) throw tooLarge();
  return bytes;
}

const tooLarge = () => new AppError(413, manuscriptImportMessages.tooLarge);
const isFileTooLarge = (error: unknown): boolean => (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';

/** The book's language from the form: a language's name or its code; english when absent. */
function languageOf(value: string | undefined): BookLanguage {
  if (value === undefined) return 'english';
  const wanted = value.trim().toLowerCase();
  const found = bookLanguages.find((language) => language.value === wanted || language.code === wanted);
  if (!found) throw new AppError(400, `Unknown language "${value}"`);
  return found.value;
}

function genreOf(value: string | undefined) {
  const genre = GenreSchema.safeParse(value?.trim().toLowerCase() ?? 'fiction');
  if (!genre.success) throw new AppError(400, `Unknown genre "${value}"`);
  return genre.data;
}

/** "My Novel (final).docx" → "My Novel (final)". */
const titleFromFileName = (name: string): string =>
  name
    .replace(/\.[^.]+$/, '')
    .trim()
    .slice(0, 200) || 'Imported manuscript';

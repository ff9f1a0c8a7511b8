import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookParamsSchema,
  BookSchema,
  BookSummarySchema,
  type BookSummary,
  ChaptersSaveSchema,
  documentDepthMessages,
  BookStateInputSchema,
  documentTooDeep,
  partialSaveMessages,
  AppError,
  SavedContentSchema,
  findUnsafeText,
  jsonTextIsPlainlySafe,
  StaleBookSchema,
  unsafeTextMessage,
  UpdateMetadataRequestSchema,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { routePresets } from '../security/route-presets';
import { withinTokenWorkspace } from '../security/workspace-token-fence';
import type { RouteDeps, RouteReply, RouteRequest } from './route-deps';
import { lastWriteOf } from '../read-models/own-writes';
import { IfMatchHeadersSchema, parseIfMatch } from '../http/if-match';
import { notModified } from '../http/if-none-match';
import { PreferHeadersSchema, prefersMinimal } from '../http/prefer';

/** PATCH /book/{id} carries either the whole structure or a cover, never both (spec §7). */
const PatchBookBodySchema = z
  .object({ newBookState: BookStateInputSchema.optional(), coverImage: z.string().max(2_000).nullable().optional() })
  .refine((body) => (body.newBookState === undefined) !== (body.coverImage === undefined), {
    message: 'Send either newBookState or coverImage',
  });

/**
 * The document arrives as JSON text, so the edge's text check sees only its escapes: the text inside is
 * checked here with the same function, before any service parses it. Its depth first, off the text
 * (document-depth.ts): nothing here or in the book service recurses over a document deeper than that.
 */
export const EncodedDocumentSchema = z
  .string()
  .max(20_000_000)
  .superRefine((text, ctx) => {
    if (documentTooDeep(text)) {
      ctx.addIssue({ code: 'custom', message: documentDepthMessages.tooDeep });
      return;
    }
    // Most manuscripts are plainly safe as text: their 160 KB need no parse here (the book service parses them).
    if (jsonTextIsPlainlySafe(text)) return;
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      return; // The book service names what is wrong with text that is not JSON.
    }
    const unsafe = findUnsafeText(document, 'body');
    if (unsafe === null) return;
    const field = unsafe === 'body' ? 'bookContent' : `bookContent${unsafe.startsWith('[') ? '' : '.'}${unsafe}`;
    ctx.addIssue({ code: 'custom', message: unsafeTextMessage(field) });
  });

/**
 * The whole manuscript, or only the chapters that changed. The editor sends the document as JSON text; a
 * client that sends the object itself is accepted too.
 */
const ContentBodySchema = z.union(
  [
    z.object({
      bookContent: z.union(
        [
          EncodedDocumentSchema,
          z.record(z.string(), z.unknown()).transform((doc, ctx) => {
            // Before the stringify, which recurses. Not aborting, so the union answers with this message.
            if (!documentTooDeep(doc)) return JSON.stringify(doc);
            ctx.addIssue({ code: 'custom', message: documentDepthMessages.tooDeep, continue: true });
            return z.NEVER;
          }),
        ],
        { error: 'bookContent must be the editor document as JSON text' },
      ),
    }),
    z.strictObject({ chapters: ChaptersSaveSchema }),
  ],
  { error: 'Send bookContent (the whole manuscript) or chapters (the chapters that changed)' },
);

const LibrarySchema = z.array(BookSummarySchema);

const IfNoneMatchHeadersSchema = z.looseObject({
  'if-none-match': z
    .string()
    .optional()
    .describe('The ETag of the copy the client holds: 304 with no body while the book is still at that version.'),
});

const conditionalSaveDescription =
  'With If-Match (the ETag of GET /book/{id}) the save happens only if the book is still at that version: else 412 with the current etag and updatedAt, and nothing is stored. Without it the last write wins. Answers the new ETag.';

/**
 * GET /book's body for a list the library read model holds. The read model never changes a list in place
 * (a change makes a new array), so a list's body is checked and serialised once, not on every request: at
 * thousands of library reads a second, the zod pass and the stringify were the route's largest own cost.
 */
const libraryBodies = new WeakMap<readonly BookSummary[], string>();
function libraryBody(books: BookSummary[]): string {
  let body = libraryBodies.get(books);
  if (body === undefined) {
    body = JSON.stringify(LibrarySchema.parse(books));
    libraryBodies.set(books, body);
  }
  return body;
}

const listBooksSchema = {
  operationId: 'listBooks',
  tags: ['books'],
  summary: "The signed-in user's books, newest first",
  response: { 200: LibrarySchema },
};

const getBookSchema = {
  operationId: 'getBook',
  tags: ['books'],
  summary: 'One book with its plan and manuscript',
  description:
    'Answers the header ETag (the same value as the etag field): send it back as If-Match to save only if nobody changed the book since, or as If-None-Match to be answered 304 with no body while it is still current (only for your own book that nobody else is on). live says whether anyone besides its owner is on the book, so that it opens live.',
  params: BookParamsSchema,
  headers: IfNoneMatchHeadersSchema,
  response: { 200: BookSchema, 304: z.null().describe('The copy the client holds (If-None-Match) is current') },
};

const updateBookSchema = {
  operationId: 'updateBook',
  tags: ['books'],
  summary: 'Save the whole structure (newBookState) or apply a cover (coverImage)',
  params: BookParamsSchema,
  body: PatchBookBodySchema,
  response: { 200: BookSchema },
};

const saveContentSchema = {
  operationId: 'saveContent',
  tags: ['books'],
  summary: 'Save the manuscript (tiptap JSON), whole or only the chapters that changed',
  description: `${conditionalSaveDescription} With chapters (their places from 0 in the manuscript cut at its level-1 headings, each with all its nodes) only those chapters are replaced: If-Match is then required (428 without it), an unknown place is 400, and a book with no manuscript 409. Prefer: return=minimal answers only etag and updatedAt.`,
  params: BookParamsSchema,
  headers: IfMatchHeadersSchema.extend(PreferHeadersSchema.shape),
  body: ContentBodySchema,
  response: {
    200: z.union([BookSchema, SavedContentSchema]),
    412: StaleBookSchema,
  },
};

const saveMetadataSchema = {
  operationId: 'saveMetadata',
  tags: ['books'],
  summary: 'Save the publishing metadata',
  description: conditionalSaveDescription,
  params: BookParamsSchema,
  headers: IfMatchHeadersSchema,
  body: UpdateMetadataRequestSchema,
  response: { 200: BookSchema, 412: StaleBookSchema },
};

const retryBookSchema = {
  operationId: 'retryBook',
  tags: ['books'],
  summary: 'Retry the step that failed (planning or writing)',
  params: BookParamsSchema,
  response: { 200: BookSchema },
};

/**
 * GET /book/{id}'s Cache-Control; answers whether the browser's copy may be revalidated (If-None-Match).
 * Someone the book is shared with may get another role, or none, while the book stays at its version: their
 * browser keeps no copy to revalidate, so a 304 can never hand them an answer of an earlier role. A shared
 * book's owner likewise: the people on it (its `live`) change without a new version. Otherwise private,
 * no-cache: a browser may keep its copy but asks each time, and gets 304 while it is current.
 */
function mayRevalidate(
  book: { role?: string; live?: boolean },
  reply: { header(name: string, value: string): unknown },
) {
  const revalidates = book.role === 'owner' && !book.live;
  reply.header('cache-control', revalidates ? 'private, no-cache' : 'private, no-store');
  return revalidates;
}

/** GET /book, GET /book/{id}, PATCH /book/{id}, PATCH /book/content/{id}, PATCH /book/metadata/{id}, POST /book/{id}/retry. */
export function bookRoutes(deps: RouteDeps) {
  const { ask, library, books: openedBooks } = deps;
  const { signedIn, manuscriptBody, structureBody, textBody } = routePresets(deps);

  async function listBooks(request: RouteRequest<typeof listBooksSchema>, reply: RouteReply<typeof listBooksSchema>) {
    const userId = request.userId;
    const books = await library.list(userId, lastWriteOf(request), async () => {
      const { books } = await ask(request, requests.book.list, { userId });
      return books;
    });
    // A custom serializer leaves the media type to the route. A workspace's API token sees its shelf only.
    return reply
      .type('application/json; charset=utf-8')
      .serializer(libraryBody)
      .send(withinTokenWorkspace(request, books));
  }

  async function getBook(request: RouteRequest<typeof getBookSchema>, reply: RouteReply<typeof getBookSchema>) {
    const userId = request.userId;
    const { bookId } = request.params;
    const book = await openedBooks.get(userId, bookId, lastWriteOf(request), () =>
      ask(request, requests.book.get, { userId, bookId }),
    );
    reply.header('etag', book.etag);
    if (mayRevalidate(book, reply) && notModified(request.headers['if-none-match'], book.etag))
      return reply.code(304).send(null);
    // The body was checked against BookSchema and serialised once, when the copy was read: JSON text
    // is sent as it is (the route's serializer only runs for objects).
    return reply.type('application/json; charset=utf-8').send(book.body as never);
  }

  async function updateBook(request: RouteRequest<typeof updateBookSchema>) {
    const { bookId } = request.params;
    const userId = request.userId;
    // The cover service knows which covers were made for this book; it checks, then applies.
    return request.body.coverImage !== undefined
      ? ask(request, requests.cover.apply, { userId, bookId, coverImage: request.body.coverImage })
      : ask(request, requests.book.updateState, { userId, bookId, newBookState: request.body.newBookState });
  }

  async function saveContent(
    request: RouteRequest<typeof saveContentSchema>,
    reply: RouteReply<typeof saveContentSchema>,
  ) {
    const ifMatch = parseIfMatch(request.headers['if-match']);
    const answer = prefersMinimal(request.headers.prefer) ? 'version' : 'book';
    const owned = { userId: request.userId, bookId: request.params.bookId };
    const { body } = request;
    let saved;
    if ('chapters' in body) {
      // RFC 6585 §3: a chapter's place means something only in the version it was cut from.
      if (ifMatch === undefined)
        throw new AppError(428, partialSaveMessages.ifMatchRequired, { code: 'if_match_required' });
      saved = await ask(request, requests.book.updateChapters, { ...owned, chapters: body.chapters, ifMatch, answer });
    } else {
      // Forwarded as it came: which chapters changed is the book service's to find (decision 0044).
      saved = await ask(request, requests.book.updateContent, {
        ...owned,
        bookContent: body.bookContent,
        ifMatch,
        answer,
      });
    }
    reply.header('etag', saved.etag);
    if (answer === 'version') reply.header('preference-applied', 'return=minimal');
    return reply.send(saved);
  }

  async function saveMetadata(
    request: RouteRequest<typeof saveMetadataSchema>,
    reply: RouteReply<typeof saveMetadataSchema>,
  ) {
    const ifMatch = parseIfMatch(request.headers['if-match']);
    const book = await ask(request, requests.book.updateMetadata, {
      userId: request.userId,
      bookId: request.params.bookId,
      metadata: request.body,
      ifMatch,
    });
    return reply.header('etag', book.etag).send(book);
  }

  async function retryBook(request: RouteRequest<typeof retryBookSchema>) {
    return ask(request, requests.book.retry, { userId: request.userId, bookId: request.params.bookId });
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/book', { schema: listBooksSchema, ...signedIn }, listBooks);
    app.get('/book/:bookId', { schema: getBookSchema, ...signedIn }, getBook);
    app.patch('/book/:bookId', { schema: updateBookSchema, ...signedIn, ...structureBody }, updateBook);
    app.patch('/book/content/:bookId', { schema: saveContentSchema, ...signedIn, ...manuscriptBody }, saveContent);
    app.patch('/book/metadata/:bookId', { schema: saveMetadataSchema, ...signedIn, ...textBody }, saveMetadata);
    app.post('/book/:bookId/retry', { schema: retryBookSchema, ...signedIn }, retryBook);
  };
}

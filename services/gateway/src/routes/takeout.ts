import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppError,
  apiMessages,
  bookImageBlobPrefix,
  coverBlobPrefix,
  takeoutFileName,
  takeoutMessages,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { attachmentDisposition } from '../http/content-disposition';
import { routePresets } from '../security/route-presets';
import { takeoutZip, type TakeoutPlanBook } from '../takeout/takeout-zip';
import type { RouteDeps, RouteReply, RouteRequest } from './route-deps';

const exportUserDataSchema = {
  operationId: 'exportUserData',
  tags: ['user'],
  summary:
    'Download all your data: a zip (streamed) with account.json and, per book, book.json, manuscript.md, manuscript.json, comments.json, covers, the images inside the chapters and named versions',
  produces: ['application/zip'],
};

/**
 * GET /user/export: everything the author holds, as one zip (GDPR art. 20; docs/decisions/0013). The
 * gateway only composes: each owner is asked for its part (user: profile; billing: plan, usage, invoices;
 * book: books, manuscripts, comments, versions; export: the Markdown and printed JSON of each text) and
 * cover images come from the blob store, as the cover route serves them. Open to an account without a plan: the data is the author's whatever they pay.
 */
export function takeoutRoutes(deps: RouteDeps) {
  const { ask, blobs, takeouts } = deps;
  const { signedIn } = routePresets(deps);

  async function exportUserData(
    request: RouteRequest<typeof exportUserDataSchema>,
    reply: RouteReply<typeof exportUserDataSchema>,
  ) {
    const userId = request.userId;
    const takeout = await takeouts.begin(userId);
    if (!takeout.started && takeout.reason === 'running') throw new AppError(409, takeoutMessages.alreadyRunning);
    if (!takeout.started) {
      void reply.header('retry-after', String(takeout.retryAfterSeconds));
      throw new AppError(429, apiMessages.tooManyRequests);
    }
    // Ends once the last byte is handed to the socket (so a download right after never meets it), or when
    // the connection closes first (the zip cut, the browser gone).
    reply.raw.once('finish', takeout.end);
    reply.raw.once('close', takeout.end);
    // The small parts first, while an error can still be an ordinary JSON answer.
    const [profile, plan, invoices, library] = await Promise.all([
      ask(request, requests.user.getProfile, { userId }),
      ask(request, requests.billing.getSummary, { userId }),
      ask(request, requests.billing.listInvoices, { userId }),
      ask(request, requests.book.takeoutList, { userId }),
    ]);
    const books: TakeoutPlanBook[] = await Promise.all(
      library.books.map(async (book) => ({ ...book, ...(await bookFiles(blobs, book.bookId)) })),
    );
    const account = {
      exportedAt: new Date().toISOString(),
      profile,
      plan,
      usage: {
        books: books.filter((book) => !book.shared).length,
        sharedBooks: books.filter((book) => book.shared).length,
        booksInTrash: books.filter((book) => book.deletedAt !== null).length,
        booksLeftThisMonth: plan.booksLeftThisMonth,
        coversLeftThisMonth: plan.coversLeftThisMonth,
        translationsLeftThisMonth: plan.translationsLeftThisMonth,
      },
      invoices: invoices.invoices,
    };

    const { stream, zip } = takeoutZip(
      { account, books },
      {
        book: async (bookId) => (await ask(request, requests.book.takeoutBook, { userId, bookId })).book,
        version: async (bookId, revisionId) =>
          (await ask(request, requests.book.takeoutVersion, { userId, bookId, revisionId })).bookContent,
        comments: async (bookId) => (await ask(request, requests.book.takeoutComments, { userId, bookId })).comments,
        blob: async (key) => {
          const blob = await blobs.get(key);
          if (!blob) throw new AppError(404, apiMessages.notFound);
          return blob.data;
        },
        // Export renders them, as it renders every other form of a book; the gateway only zips.
        renderings: (bookId, content, imagePaths) =>
          ask(request, requests.export.renderTakeout, { userId, bookId, content, imagePaths }),
      },
    );
    // The status line is gone by then: cutting the connection is how the browser learns the zip is broken.
    zip.on('error', (error: Error) => {
      request.log.error({ err: error }, 'takeout failed mid-stream; download cut');
      reply.raw.destroy(error);
    });
    request.log.info({ books: books.length }, 'takeout started');
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', attachmentDisposition(takeoutFileName(new Date())))
      .header('cache-control', 'no-store')
      .send(stream);
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/user/export', { schema: exportUserDataSchema, ...signedIn }, exportUserData);
  };
}

/** Blob keys and types of a book's covers and of the images inside its chapters, in key order. */
async function bookFiles(blobs: RouteDeps['blobs'], bookId: string) {
  const described = async (prefix: string) =>
    Promise.all(
      (await blobs.list(prefix))
        .sort()
        .map(async (key) => ({ key, contentType: (await blobs.stat(key))?.contentType ?? '' })),
    );
  const [covers, images] = await Promise.all([
    described(coverBlobPrefix(bookId)),
    described(bookImageBlobPrefix(bookId)),
  ]);
  return { covers, images };
}

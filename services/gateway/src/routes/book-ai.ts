import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookParamsSchema,
  MetadataSuggestionSchema,
  rewriteMessages,
  RewriteRequestSchema,
  TranslateBookRequestSchema,
  TranslateBookResponseSchema,
  TranslationTitleRequestSchema,
  TranslationTitleSuggestionSchema,
} from '@bookwright/contracts/http';
import { requests, streams } from '@bookwright/contracts/bus';
import { sseEvent } from '../http/server-sent-events';
import type { RouteDeps, RouteReply, RouteRequest } from './route-deps';
import { openEventStream } from '../http/hijacked-reply';
import { routePresets } from '../security/route-presets';

/** The first line of the text before the selection that looks like a chapter heading, for the outline lookup. */
function chapterTitleFrom(before: string, chapterTitle: string | undefined): string | undefined {
  if (chapterTitle?.trim()) return chapterTitle.slice(0, 300);
  return before
    .split('\n')
    .findLast((line) => /^chapter\b/i.test(line.trim()))
    ?.slice(0, 300);
}

const suggestMetadataSchema = {
  operationId: 'suggestMetadata',
  tags: ['books'],
  summary: 'Suggest description, keywords, categories and subtitle with AI (saves nothing)',
  params: BookParamsSchema,
  response: { 200: z.object({ data: MetadataSuggestionSchema }) },
};

const suggestTranslationTitleSchema = {
  operationId: 'suggestTranslationTitle',
  tags: ['books'],
  summary:
    "Suggest the title of the book's translation into a language: the AI model's, or the original's title with the language named (saves nothing)",
  params: BookParamsSchema,
  body: TranslationTitleRequestSchema,
  response: { 200: z.object({ data: TranslationTitleSuggestionSchema }) },
};

const translateBookSchema = {
  operationId: 'translateBook',
  tags: ['books'],
  summary:
    'Translate a ready book into another language (uses one translation of the monthly allowance): answers the new book, which translates in the background',
  params: BookParamsSchema,
  body: TranslateBookRequestSchema,
  response: { 202: TranslateBookResponseSchema },
};

const rewritePassageSchema = {
  operationId: 'rewritePassage',
  tags: ['books'],
  summary: 'Rewrite a passage with AI: the replacement streams as text/event-stream (delta…, done | error)',
  produces: ['text/event-stream'],
  params: BookParamsSchema,
  body: RewriteRequestSchema.extend({ chapterTitle: z.string().max(300).optional() }),
};

/**
 * POST /book/{id}/metadata/suggest (the planner writes it), POST /book/{id}/rewrite (the writer streams it
 * over the bus and the gateway relays it to the browser; the book service keeps the manuscript as a
 * revision before it starts), POST /book/{id}/translation-title (the planner suggests the
 * translation's title) and POST /book/{id}/translate (the book service makes the new book; the writer
 * translates it).
 */
export function bookAiRoutes(deps: RouteDeps) {
  const { ask, config } = deps;
  const { signedIn, generationLimit, rewriteLimit, textBody } = routePresets(deps);
  const rewritePassage = rewritePassageHandler(deps);

  async function suggestMetadata(request: RouteRequest<typeof suggestMetadataSchema>) {
    const data = await ask(
      request,
      requests.planner.suggestMetadata,
      { userId: request.userId, bookId: request.params.bookId },
      { timeoutMs: Math.max(config.BUS_TIMEOUT_MS, 180_000) },
    );
    return { data };
  }

  async function suggestTranslationTitle(request: RouteRequest<typeof suggestTranslationTitleSchema>) {
    // The planner gives the model 20 s before it answers the model-free suggestion: wait for that answer.
    const data = await ask(
      request,
      requests.planner.suggestTranslationTitle,
      { userId: request.userId, bookId: request.params.bookId, language: request.body.language },
      { timeoutMs: Math.max(config.BUS_TIMEOUT_MS, 30_000) },
    );
    return { data };
  }

  async function translateBook(
    request: RouteRequest<typeof translateBookSchema>,
    reply: RouteReply<typeof translateBookSchema>,
  ) {
    // The request id keys the reservation: a retried request pays once and answers the same book.
    const book = await ask(request, requests.book.translate, {
      userId: request.userId,
      bookId: request.params.bookId,
      language: request.body.language,
      title: request.body.title,
      requestId: request.id,
    });
    return reply.status(202).send({ data: { bookId: book._id } });
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/book/:bookId/metadata/suggest',
      { schema: suggestMetadataSchema, ...signedIn, ...generationLimit },
      suggestMetadata,
    );
    // A small model call the dialog makes per chosen language: the editor's rewrite limit, not a book's.
    app.post(
      '/book/:bookId/translation-title',
      { schema: suggestTranslationTitleSchema, ...signedIn, ...rewriteLimit },
      suggestTranslationTitle,
    );
    app.post(
      '/book/:bookId/translate',
      { schema: translateBookSchema, ...signedIn, ...generationLimit },
      translateBook,
    );
    app.post(
      '/book/:bookId/rewrite',
      { schema: rewritePassageSchema, ...signedIn, ...rewriteLimit, ...textBody },
      rewritePassage,
    );
  };
}

/**
 * POST /book/{id}/rewrite: the writer's replacement streams to the browser as Server-Sent Events
 * (delta…, done | error), each delta as it crosses the bus; a browser that goes away cancels the stream,
 * which stops the model.
 */
function rewritePassageHandler({ ask, bus }: Pick<RouteDeps, 'ask' | 'bus'>) {
  return async function rewritePassage(
    request: RouteRequest<typeof rewritePassageSchema>,
    reply: RouteReply<typeof rewritePassageSchema>,
  ) {
    const { bookId } = request.params;
    const { text, instruction, before, after, chapterTitle } = request.body;
    // Before the stream opens, so an unknown book is a plain 404.
    const plan = await ask(request, requests.book.rewriteContext, {
      userId: request.userId,
      bookId,
      chapterTitle: chapterTitleFrom(before, chapterTitle),
    });
    // The manuscript the rewrite will change is kept first, so applying it can always be undone.
    await ask(request, requests.book.keepBeforeRewrite, { userId: request.userId, bookId });
    const res = openEventStream(reply);
    const controller = new AbortController();
    const onClose = () => controller.abort(new Error('client went away'));
    res.on('close', onClose);
    try {
      const rewrite = bus.stream(
        streams.writer.rewritePassage,
        { userId: request.userId, bookId, text, instruction, context: { ...plan, before, after } },
        { requestId: request.id, signal: controller.signal },
      );
      for await (const { type, text: written } of rewrite) res.write(sseEvent(type, { text: written }));
    } catch (error) {
      if (!controller.signal.aborted) {
        request.log.warn({ err: error, bookId }, 'rewrite failed');
        res.write(sseEvent('error', { msg: rewriteMessages.failed }));
      }
    } finally {
      res.off('close', onClose);
      res.end();
    }
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, apiMessages, apiTokenMessages } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import type { Bus } from '@bookwright/kit';
import type { GatewayConfig } from '../config';

/** The workspace a request's API token belongs to, or undefined for a browser session or a personal token. */
export function tokenWorkspaceOf(request: Pick<FastifyRequest, 'apiToken'>): string | undefined {
  return request.apiToken?.workspaceId ?? undefined;
}

/** What a list route answers to a workspace's token: only what belongs to that workspace. */
export function withinTokenWorkspace<Item extends { workspaceId?: string | null | undefined }>(
  request: Pick<FastifyRequest, 'apiToken'>,
  items: Item[],
): Item[] {
  const workspaceId = tokenWorkspaceOf(request);
  // The same array when nothing is narrowed: a list serialised once is kept by its identity (books.ts).
  return workspaceId === undefined ? items : items.filter((item) => item.workspaceId === workspaceId);
}

/**
 * The workspace a creation goes into: the one it names, or for a workspace's token that token's workspace
 * (403 when it names another). For routes whose body the fence cannot read (a multipart form).
 */
export function creationWorkspace(
  request: Pick<FastifyRequest, 'apiToken'>,
  named: string | undefined,
): string | undefined {
  const workspaceId = tokenWorkspaceOf(request);
  if (workspaceId === undefined) return named;
  if (named !== undefined && named !== workspaceId) throw new AppError(403, apiTokenMessages.outsideWorkspace);
  return workspaceId;
}

/** Routes that create something in a workspace named by the body's `workspaceId`. */
const createsInWorkspace = new Set(['POST /agent/plan', 'POST /webhooks']);

/**
 * A workspace's API token (issue 45) acts as the admin who made it, on that workspace's books only: the book
 * service checks the maker's role on every book as for any request, and this fence, before each handler,
 * keeps the token out of everything else the maker may reach (their personal books, other workspaces, the
 * books shared with them). A book or webhook outside the workspace is as unknown as a missing one (404, no
 * leak); a body naming another workspace is refused (403); a creation without one goes into the token's
 * workspace. The list routes narrow their answers with `withinTokenWorkspace`, and the event stream keeps to
 * the workspace's books (live/book-events-hub.ts).
 */
export function registerWorkspaceTokenFence(
  app: FastifyInstance,
  options: { bus: Bus; config: Pick<GatewayConfig, 'BUS_TIMEOUT_MS'>; apiPrefix: string },
): void {
  const { bus, config, apiPrefix } = options;
  const ask = { timeoutMs: config.BUS_TIMEOUT_MS };

  // Callback style: every request passes here, and all but a workspace token's leave at once, without the
  // promise an async hook costs.
  app.addHook('preHandler', (request, _reply, done) => {
    const workspaceId = tokenWorkspaceOf(request);
    const userId = request.apiToken?.userId;
    if (workspaceId === undefined || userId === undefined) return done();
    fence(request, workspaceId, userId).then(
      () => done(),
      (error: Error) => done(error),
    );
  });

  async function fence(request: FastifyRequest, workspaceId: string, userId: string): Promise<void> {
    const route = `${request.method} ${(request.routeOptions.url ?? '').slice(apiPrefix.length)}`;
    const params = (request.params ?? {}) as Record<string, unknown>;

    if (typeof params['workspaceId'] === 'string' && params['workspaceId'] !== workspaceId)
      throw new AppError(404, apiTokenMessages.workspaceNotFound);

    const bookId = params['bookId'];
    if (typeof bookId === 'string') {
      // Asked only for the fence: a book the maker cannot read answers its own 404 from the route.
      const access = await bus
        .request(requests.book.access, { userId, bookId, action: 'read' }, { ...ask, requestId: request.id })
        .catch((error: unknown) => {
          if (error instanceof AppError && error.status === 404) return undefined;
          throw error;
        });
      if (access && access.workspaceId !== workspaceId) throw new AppError(404, apiMessages.notFound);
    }

    if (route.startsWith('POST /webhooks/:id') || /^(GET|PATCH|DELETE) \/webhooks\/:id/.test(route)) {
      const { webhooks } = await bus.request(
        requests.webhooks.listWebhooks,
        { userId },
        { ...ask, requestId: request.id },
      );
      const webhook = webhooks.find((candidate) => candidate.id === params['id']);
      if (webhook && webhook.workspaceId !== workspaceId) throw new AppError(404, apiMessages.notFound);
    }

    // A multipart form is no object here: its route asks `creationWorkspace` itself.
    const body = request.body;
    if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body)) {
      const named = (body as { workspaceId?: unknown }).workspaceId;
      if (named !== undefined && named !== workspaceId) throw new AppError(403, apiTokenMessages.outsideWorkspace);
      if (createsInWorkspace.has(route)) (body as { workspaceId?: string }).workspaceId = workspaceId;
    }
  }
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requests } from '@bookwright/contracts/bus';
import { routePresets } from '../security/route-presets';
import { tokenWorkspaceOf } from '../security/workspace-token-fence';
import type { RouteDeps } from './route-deps';
import { openEventStream } from '../http/hijacked-reply';
import type { BookEventsHub } from '../live/book-events-hub';

const streamBookEventsSchema = {
  operationId: 'streamBookEvents',
  tags: ['books'],
  summary: 'Live book updates (text/event-stream)',
  produces: ['text/event-stream'],
};

/**
 * GET /events: the book events of the signed-in user's books and of the books shared with them as Server-Sent Events (status changes and "chapter n of
 * N"). Reconnect-safe: the browser's EventSource reconnects by itself after `retry`, and a client that
 * reconnects re-reads the library once, since events sent while it was away are not replayed. A stream opened
 * with an API token ends when the token is revoked; a workspace's token hears of that workspace's books only.
 */
export function eventRoutes(deps: RouteDeps, hub: BookEventsHub) {
  const { signedIn } = routePresets(deps);

  async function streamBookEvents(request: FastifyRequest, reply: FastifyReply) {
    // Asked as the stream opens, never kept: a person removed from a book gets a stream without it.
    const { bookIds, workspaceIds } = await deps.ask(request, requests.book.sharedBookIds, { userId: request.userId });
    // A workspace's API token follows that workspace's books only (issue 45).
    const workspaceId = tokenWorkspaceOf(request);
    const fence =
      workspaceId === undefined
        ? undefined
        : {
            workspaceId,
            bookIds: (await deps.ask(request, requests.book.list, { userId: request.userId })).books
              .filter((book) => book.workspaceId === workspaceId)
              .map((book) => book._id),
          };
    const res = openEventStream(reply);
    res.write(`retry: 5000\nevent: ready\ndata: {}\n\n`);
    const remove = hub.add(request.userId, res, bookIds, workspaceIds, { tokenId: request.apiToken?.tokenId, fence });
    request.raw.on('close', remove);
  }

  return async function (app: FastifyInstance) {
    app.get('/events', { schema: streamBookEventsSchema, ...signedIn }, streamBookEvents);
  };
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routePresets } from '../security/route-presets';
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
 * GET /events: the signed-in user's book events as Server-Sent Events (status changes and "chapter n of
 * N"). Reconnect-safe: the browser's EventSource reconnects by itself after `retry`, and a client that
 * reconnects re-reads the library once, since events sent while it was away are not replayed.
 */
export function eventRoutes(deps: RouteDeps, hub: BookEventsHub) {
  const { signedIn } = routePresets(deps);

  async function streamBookEvents(request: FastifyRequest, reply: FastifyReply) {
    const res = openEventStream(reply);
    res.write(`retry: 5000\nevent: ready\ndata: {}\n\n`);
    const remove = hub.add(request.userId, res);
    request.raw.on('close', remove);
  }

  return async function (app: FastifyInstance) {
    app.get('/events', { schema: streamBookEventsSchema, ...signedIn }, streamBookEvents);
  };
}

import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Makes `app.close()` drop no request the gateway accepted, keep-alive connections included.
 *
 * Node's own `server.close()` cuts idle keep-alive connections at once, and Fastify answers 503 to requests
 * that arrive on open connections while closing. Both reach clients as failures a replica should not
 * cause: a client that just got an answer sends its next request on the same connection and finds it
 * reset. Instead, on close:
 * 1. stop listening, so no new connection arrives (in a cluster worker: the primary stops handing this
 *    replica connections and gives them to the others);
 * 2. keep serving the open connections, every answer with `Connection: close`, so each client moves to a
 *    new connection (another replica) after the answer it is owed;
 * 3. after `drainMs`, close the connections still idle (clients that sent nothing since) and wait for the
 *    requests still running to finish.
 * Register it after the hooks that end long-lived responses (the event streams' preClose), so those do not
 * hold the drain open.
 */
export function drainOnClose(app: FastifyInstance, options: { drainMs: number }): void {
  let draining = false;
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('preClose', async () => {
    const server = app.server;
    if (!server.listening) return;
    draining = true;
    // net.Server's close, not http.Server's: stops listening without cutting idle keep-alive connections.
    // Its callback runs once every connection has ended. Fastify's own server.close() later finds the
    // server stopped, which it accepts.
    const ended = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    let timer: NodeJS.Timeout | undefined;
    const drained = new Promise<void>((resolve) => (timer = setTimeout(resolve, options.drainMs)));
    await Promise.race([ended, drained]);
    clearTimeout(timer);
    server.closeIdleConnections();
    await ended;
  });
}

import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { collabPath } from '@bookwright/contracts/http';
import type { Logger } from '@bookwright/kit';

/** Takes over one WebSocket upgrade request and its socket. */
export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * The gateway's one WebSocket path, `/collab` (live books, decision 0043), handed on as it arrives: to the
 * collab service in this process (embedded), else to the collab replicas of COLLAB_URLS in turn
 * (distributed; the Kubernetes Ingress routes `/collab` to them directly). The gateway reads nothing of
 * the socket: access is the collab service's to check, from the token the browser sends on it. Any other
 * upgrade is a 404. On close the sockets are cut, so that the drain does not wait for them; browsers
 * reconnect to another gateway.
 */
export function registerCollabUpgrades(
  app: FastifyInstance,
  options: { handler?: UpgradeHandler; replicaUrls: string[]; logger: Logger },
): void {
  const handler =
    options.handler ?? (options.replicaUrls.length > 0 ? proxyTo(options.replicaUrls, options.logger) : undefined);
  const sockets = new Set<Duplex>();
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const path = new URL(request.url ?? '/', 'http://gateway').pathname;
    if (path !== collabPath || !handler) return refuse(socket, '404 Not Found');
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    handler(request, socket, head);
  });
  app.addHook('preClose', async () => {
    for (const socket of sockets) socket.destroy();
  });
}

/**
 * A pass-through of the upgrade to a collab replica, round robin; a replica that cannot be reached (one
 * just killed) is skipped for the next, so a reconnecting browser lands on a live one.
 */
export function proxyTo(replicaUrls: string[], logger: Logger): UpgradeHandler {
  const targets = replicaUrls.map((url) => new URL(url));
  let next = 0;
  return (request, socket, head) => {
    const attempt = (tried: number) => {
      const target = targets[next++ % targets.length]!;
      const upstream = httpRequest({
        hostname: target.hostname,
        port: target.port,
        path: request.url,
        method: 'GET',
        headers: request.headers,
      });
      upstream.on('upgrade', (response: IncomingMessage, upstreamSocket: Duplex, upstreamHead: Buffer) => {
        socket.write(`HTTP/1.1 101 Switching Protocols\r\n${headerLines(response)}\r\n`);
        if (upstreamHead.length > 0) socket.write(upstreamHead);
        if (head.length > 0) upstreamSocket.write(head);
        upstreamSocket.on('error', () => socket.destroy());
        socket.on('close', () => upstreamSocket.destroy());
        upstreamSocket.on('close', () => socket.destroy());
        upstreamSocket.pipe(socket).pipe(upstreamSocket);
      });
      upstream.on('response', (response: IncomingMessage) => {
        socket.write(`HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n${headerLines(response)}\r\n`);
        response.pipe(socket);
      });
      upstream.on('error', (error) => {
        if (socket.destroyed) return;
        if (tried + 1 < targets.length) return attempt(tried + 1);
        logger.warn({ err: error }, 'collab: no replica took the WebSocket');
        refuse(socket, '502 Bad Gateway');
      });
      upstream.end();
    };
    attempt(0);
  };
}

function headerLines(response: IncomingMessage): string {
  const lines: string[] = [];
  for (let i = 0; i + 1 < response.rawHeaders.length; i += 2)
    lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}\r\n`);
  return lines.join('');
}

function refuse(socket: Duplex, status: string): void {
  if (!socket.destroyed) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '@bookwright/kit';
import { registerCollabUpgrades, type UpgradeHandler } from './collab-upgrades';

const upgradedSockets = new Set<Duplex>();

/** A stand-in collab replica: accepts any upgrade and echoes what it receives, prefixed with its name. */
async function echoReplica(name: string): Promise<{ server: Server; url: string; upgrades: string[] }> {
  const upgrades: string[] = [];
  const server = createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
    upgrades.push(req.url ?? '');
    // Upgraded sockets are the server's no more: closeAllConnections leaves them.
    upgradedSockets.add(socket);
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    socket.on('data', (data: Buffer) => socket.write(`${name}:${data.toString()}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, upgrades };
}

/** An upgrade request to `path`: the 101's socket, or the status of any other answer. */
function upgrade(port: number, path: string): Promise<{ socket?: Duplex; status?: number }> {
  return new Promise((resolve, reject) => {
    const req = request({
      port,
      host: '127.0.0.1',
      path,
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13' },
    });
    req.on('upgrade', (_res, socket) => resolve({ socket }));
    req.on('response', (res) => resolve({ status: res.statusCode! }));
    req.on('error', reject);
    req.end();
  });
}

const echoOf = (socket: Duplex, text: string) =>
  new Promise<string>((resolve) => {
    socket.once('data', (data: Buffer) => resolve(data.toString()));
    socket.write(text);
  });

let app: FastifyInstance;
const servers: Server[] = [];
afterEach(async () => {
  await app?.close();
  for (const socket of upgradedSockets) socket.destroy();
  upgradedSockets.clear();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function gateway(options: { handler?: UpgradeHandler; replicaUrls: string[] }): Promise<number> {
  app = Fastify();
  registerCollabUpgrades(app, { ...options, logger: silentLogger() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

describe('the /collab WebSocket on the gateway', () => {
  it('hands upgrades to the collab replicas in turn, skipping one that is down, and passes bytes both ways', async () => {
    const [one, two] = [await echoReplica('one'), await echoReplica('two')];
    servers.push(one.server, two.server);
    const down = await echoReplica('down');
    await new Promise((resolve) => down.server.close(resolve));
    const port = await gateway({ replicaUrls: [one.url, down.url, two.url] });

    const first = await upgrade(port, '/collab');
    expect(await echoOf(first.socket!, 'hello')).toBe('one:hello');
    const second = await upgrade(port, '/collab?x=1');
    expect(await echoOf(second.socket!, 'again')).toBe('two:again');
    expect([one.upgrades, two.upgrades]).toEqual([['/collab'], ['/collab?x=1']]);
    first.socket!.destroy();
    second.socket!.destroy();
  });

  it('hands them to the collab service of this process when there is one (embedded)', async () => {
    const taken: string[] = [];
    const port = await gateway({
      replicaUrls: [],
      handler: (req, socket) => {
        taken.push(req.url ?? '');
        socket.end('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
      },
    });
    const result = await upgrade(port, '/collab');
    expect(result.socket).toBeDefined();
    expect(taken).toEqual(['/collab']);
    result.socket!.destroy();
  });

  it('answers 404 to any other path, and to /collab with no collab service at all', async () => {
    const port = await gateway({ replicaUrls: [] });
    expect(await upgrade(port, '/collab')).toEqual({ status: 404 });
    await app.close();
    const replica = await echoReplica('one');
    servers.push(replica.server);
    const withReplica = await gateway({ replicaUrls: [replica.url] });
    expect(await upgrade(withReplica, '/api/v1/events')).toEqual({ status: 404 });
  });

  it('answers 502 when no replica can be reached', async () => {
    const down = await echoReplica('down');
    await new Promise((resolve) => down.server.close(resolve));
    const port = await gateway({ replicaUrls: [down.url] });
    expect(await upgrade(port, '/collab')).toEqual({ status: 502 });
  });
});

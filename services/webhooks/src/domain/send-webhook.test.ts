import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keptResponseBytes, sendWebhook } from './send-webhook';

let server: Server;
let base: string;
let redirectedTo = 0;

beforeEach(async () => {
  redirectedTo = 0;
  server = createServer((request, response) => {
    request.resume();
    if (request.url === '/redirect') response.writeHead(302, { location: '/target' }).end();
    else if (request.url === '/target') {
      redirectedTo++;
      response.writeHead(200).end();
    } else if (request.url === '/big') response.writeHead(200).end('x'.repeat(keptResponseBytes + 10_000));
    else response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const send = (path: string, allowPrivate = true) =>
  sendWebhook({ url: `${base}${path}`, body: '{}', headers: { 'webhook-id': 'msg_1' }, allowPrivate });

describe('one webhook call', () => {
  it('answers the status code', async () => {
    expect(await send('/ok')).toMatchObject({ statusCode: 204, error: null });
  });

  it('follows no redirect: a 3xx is the answer (a failed attempt)', async () => {
    expect(await send('/redirect')).toMatchObject({ statusCode: 302 });
    expect(redirectedTo).toBe(0);
  });

  it('keeps at most 256 KB of the answer', async () => {
    const result = await send('/big');
    expect(result.statusCode).toBe(200);
    expect(result.responseBody).toHaveLength(keptResponseBytes);
  });

  it('calls no private address, and no http URL, unless private targets are allowed', async () => {
    expect(await send('/ok', false)).toMatchObject({ statusCode: null, error: 'forbidden target' });
    const literal = await sendWebhook({
      url: `https://127.0.0.1:${new URL(base).port}/ok`,
      body: '{}',
      headers: {},
      allowPrivate: false,
    });
    expect(literal).toMatchObject({ statusCode: null, error: 'forbidden target' });
  });

  it("refuses a name that resolves to a private address at the call's own lookup (DNS rebinding)", async () => {
    const result = await sendWebhook({
      url: 'https://rebound.example/hooks',
      body: '{}',
      headers: {},
      allowPrivate: false,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    expect(result).toMatchObject({ statusCode: null, error: 'forbidden target' });
  });
});

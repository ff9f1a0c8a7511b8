import { connect } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AppError,
  apiMessages,
  documentDepthMessages,
  noPlanBillingSummary,
  unsafeTextMessage,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { buildBook, buildUserProfile } from '@bookwright/contracts/testing';
import { listenHost } from './config';
import { gatewayOnBus, serveTestSession, signedInHeaders, type GatewayOnBus } from './testing/gateway-on-bus';
import { frameworkMessages } from './http/framework-errors';

/*
 * The gateway on its own: app-level inject tests of what it answers by itself (errors, the text check,
 * CSRF, sessions), with the services it asks played by small responders on an in-process bus.
 */

const signedIn = signedInHeaders;
const ownBook = buildBook({ _id: 'b1' });

let app: FastifyInstance;
let gateway: GatewayOnBus | undefined;
const loginCalls: unknown[] = [];
const logoutCalls: unknown[] = [];
const bookCalls: unknown[] = [];

beforeAll(async () => {
  gateway = await gatewayOnBus({
    serve: (bus) => [
      serveTestSession(bus),
      bus.serve(requests.user.login, async (input) => {
        loginCalls.push(input);
        if (input.password !== 'right-password') throw new AppError(401, 'Invalid email or password');
        return {
          user: buildUserProfile(),
          session: { token: 'new-token', expiresAt: new Date(Date.now() + 60_000).toISOString() },
        };
      }),
      bus.serve(requests.user.logout, async (input) => {
        logoutCalls.push(input);
        return {};
      }),
      bus.serve(requests.billing.getSummary, async () => noPlanBillingSummary),
      bus.serve(requests.book.confirm, async () => ({ ...ownBook, status: 'writing' as const })),
      bus.serve(requests.book.get, async (input) => {
        bookCalls.push(input);
        if (input.bookId === 'explodes') throw new Error('database exploded: secret detail');
        if (input.bookId === 'unavailable') throw new AppError(503, 'upstream down');
        if (input.bookId === 'database-down')
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        if (input.bookId !== ownBook._id) throw new AppError(404, apiMessages.notFound);
        return ownBook;
      }),
    ],
    config: { BODY_LIMIT_BYTES: '4096', AUTH_RATE_LIMIT_PER_IP: '1000', GENERATION_RATE_LIMIT_PER_USER: '2' },
  });
  ({ app } = gateway);
});

afterAll(async () => {
  await gateway?.close();
});

const send = async (options: InjectOptions) => {
  const res = await app.inject(options);
  let body: unknown = res.body;
  try {
    body = JSON.parse(res.body);
  } catch {
    /* not JSON */
  }
  return { status: res.statusCode, body, headers: res.headers };
};

describe('every error is JSON with {msg}', () => {
  it('answers unknown /api paths with a JSON 404, whatever the method, and the web app elsewhere', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['GET', '/api/v1/nope?x=1'],
      ['GET', '/api/v2/book'],
      ['GET', '/api/v1/docs/static/nope.js'],
      // DELETE /book/{id} moves a book to the trash; no route answers PUT on it.
      ['PUT', '/api/v1/book/b1'],
    ] as const) {
      const res = await send({ method, url, headers: signedIn });
      expect({ url, status: res.status, body: res.body }).toEqual({
        url,
        status: 404,
        body: { msg: apiMessages.notFound },
      });
    }
    const page = await send({ method: 'GET', url: '/app/some-book' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers an id over 100 characters with 400 naming the limit, and a longer path with a JSON 414', async () => {
    const long = await send({ method: 'GET', url: `/api/v1/book/${'a'.repeat(101)}`, headers: signedIn });
    expect(long).toMatchObject({ status: 400, body: { msg: 'The book id is too long (at most 100 characters)' } });
    const huge = await send({ method: 'GET', url: `/api/v1/book/${'a'.repeat(5_000)}`, headers: signedIn });
    expect(huge).toMatchObject({ status: 414, body: { msg: frameworkMessages.urlTooLong } });
  });

  it('answers an undecodable address with a JSON 400', async () => {
    const res = await send({ method: 'GET', url: '/api/v1/book/%E0%A4%A', headers: signedIn });
    expect(res).toMatchObject({ status: 400, body: { msg: frameworkMessages.badUrl } });
  });

  it('answers 415 and 413 with {msg}', async () => {
    const unsupported = await send({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { ...signedIn, 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(unsupported).toMatchObject({ status: 415, body: { msg: 'Unsupported content type' } });
    const tooLarge = await send({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { ...signedIn, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(10_000) }),
    });
    expect(tooLarge).toMatchObject({ status: 413, body: { msg: apiMessages.payloadTooLarge } });
  });

  it('answers a rate limit with 429, the spec text and Retry-After', async () => {
    const write = () => send({ method: 'PATCH', url: '/api/v1/agent/write/b1', headers: signedIn });
    expect([(await write()).status, (await write()).status]).toEqual([200, 200]);
    const limited = await write();
    expect(limited).toMatchObject({ status: 429, body: { msg: apiMessages.tooManyRequests } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('hides the details of a service failure and says when a service is away', async () => {
    const failed = await send({ method: 'GET', url: '/api/v1/book/explodes', headers: signedIn });
    expect(failed).toMatchObject({ status: 500, body: { msg: apiMessages.internal } });
    expect(JSON.stringify(failed.body)).not.toContain('secret detail');
    const away = await send({ method: 'GET', url: '/api/v1/book/unavailable', headers: signedIn });
    expect(away).toMatchObject({ status: 503, body: { msg: apiMessages.unavailable } });
    expect(Number(away.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers a database outage behind a service with 503, the catalogue text and Retry-After', async () => {
    const down = await send({ method: 'GET', url: '/api/v1/book/database-down', headers: signedIn });
    expect(down).toMatchObject({ status: 503, body: { msg: apiMessages.unavailable } });
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers headers over 16 KB with a JSON 431 written by the client-error handler', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/v1/health/live HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ msg: frameworkMessages.headersTooLarge });
  });
});

describe('one text check at the boundary', () => {
  const patch = (url: string, payload: string) =>
    send({ method: 'PATCH', url, headers: { ...signedIn, 'content-type': 'application/json' }, payload });

  it('refuses NUL and other control characters in params, query and body, naming the field', async () => {
    bookCalls.length = 0;
    expect(await send({ method: 'GET', url: '/api/v1/book/b%00', headers: signedIn })).toMatchObject({
      status: 400,
      body: { msg: unsafeTextMessage('bookId') },
    });
    expect(await send({ method: 'GET', url: '/api/v1/book/b%0A1', headers: signedIn })).toMatchObject({
      status: 400,
      body: { msg: unsafeTextMessage('bookId') },
    });
    expect(await send({ method: 'GET', url: '/api/v1/book?q=%01', headers: signedIn })).toMatchObject({
      status: 400,
      body: { msg: unsafeTextMessage('q') },
    });
    const metadata = await patch('/api/v1/book/metadata/b1', JSON.stringify({ title: 'A\u0000B' }));
    expect(metadata).toMatchObject({ status: 400, body: { msg: unsafeTextMessage('title') } });
    const nested = await patch(
      '/api/v1/book/b1',
      JSON.stringify({ newBookState: { characters: [{ name: 'ok' }, { name: 'bad\u0007' }] } }),
    );
    expect(nested).toMatchObject({ status: 400, body: { msg: unsafeTextMessage('newBookState.characters[1].name') } });
    const inside = await patch(
      '/api/v1/book/content/b1',
      JSON.stringify({
        bookContent: JSON.stringify({
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a\u0000' }] }],
        }),
      }),
    );
    expect(inside).toMatchObject({
      status: 400,
      body: { msg: unsafeTextMessage('bookContent.content[0].content[0].text') },
    });
    const key = await patch('/api/v1/book/b1', JSON.stringify({ newBookState: { 'a\u0000': 1 } }));
    expect(key).toMatchObject({ status: 400, body: { msg: unsafeTextMessage('A field name in newBookState') } });
    expect(bookCalls, 'nothing reached a service').toEqual([]);
  });

  it('refuses a body nested deeper than a document may be, even in a key its schema lets through', async () => {
    // 1,500 levels fit in this gateway's 4 KB form limit (a form's own is 32 KB: 15,000 levels).
    const deep = `{"format":"epub","x":${'['.repeat(1_500)}${']'.repeat(1_500)}}`;
    const res = await send({
      method: 'POST',
      url: '/api/v1/book/export/b1',
      headers: { ...signedIn, 'content-type': 'application/json' },
      payload: deep,
    });
    expect(res).toMatchObject({ status: 400, body: { msg: documentDepthMessages.bodyTooDeep } });
  });

  it('reads no body on a route that takes none, and names no field it does not have', async () => {
    const calls = logoutCalls.length;
    const res = await send({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { ...signedIn, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'a\u0000b' }),
    });
    expect(res.status).toBe(200);
    expect(logoutCalls.length).toBe(calls + 1);
  });

  it('checks multipart field names and values the same way', async () => {
    const boundary = 'x-boundary';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    for (const [name, value, field] of [
      ['note', 'a\u0000b', 'note'],
      ['bad\u0001name', 'fine', 'A field name'],
    ]) {
      const res = await send({
        method: 'POST',
        url: '/api/v1/book/upload-cover/b1',
        headers: { ...signedIn, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `${part(name!, value!)}--${boundary}--\r\n`,
      });
      expect(res).toMatchObject({ status: 400, body: { msg: unsafeTextMessage(field!) } });
    }
  });

  it('refuses lone surrogates, high or low, wherever they are', async () => {
    for (const bad of ['\\ud800', 'x\\udc00y', '\\udbff\\udbff', '\\udfff\\ud800']) {
      const res = await patch('/api/v1/book/metadata/b1', `{"title":"ok","description":"${bad}"}`);
      expect(res, bad).toMatchObject({ status: 400, body: { msg: unsafeTextMessage('description') } });
    }
    const param = await send({ method: 'GET', url: '/api/v1/book/%ED%A0%80', headers: signedIn });
    expect(param.status).toBeGreaterThanOrEqual(400);
    expect(param.status).toBeLessThan(500);
  });

  it('lets tab and line breaks through in a body, and every script, emoji and combining mark anywhere', async () => {
    const fine = await send({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { ...signedIn, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'ada@example.com', password: 'line\none\ttab\r\n👩‍👩‍👧 مرحبا e\u0301' }),
    });
    expect(fine.status).toBe(401); // reached the user service, which said no
    const emojiId = await send({
      method: 'GET',
      url: `/api/v1/book/${encodeURIComponent('📚שלום')}`,
      headers: signedIn,
    });
    expect(emojiId).toMatchObject({ status: 404, body: { msg: apiMessages.notFound } });
  });
});

describe('CSRF and sessions', () => {
  it('refuses a mutating call without the double-submit token', async () => {
    const res = await send({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=abc' },
      payload: JSON.stringify({ email: 'ada@example.com', password: 'right-password' }),
    });
    expect(res).toMatchObject({ status: 403, body: { msg: apiMessages.csrf } });
    const wrong = await send({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abd' },
      payload: JSON.stringify({ email: 'ada@example.com', password: 'right-password' }),
    });
    expect(wrong.status).toBe(403);
  });

  it('asks the user service to replace the session the browser had when it logs in', async () => {
    loginCalls.length = 0;
    const res = await send({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { ...signedIn, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'ada@example.com', password: 'right-password' }),
    });
    expect(res.status).toBe(200);
    expect(loginCalls).toEqual([{ email: 'ada@example.com', password: 'right-password', replacesToken: 'good-token' }]);
    expect(String(res.headers['set-cookie'])).toContain('sid=new-token');
  });

  it('signs out with GET as the spec says, and with POST', async () => {
    logoutCalls.length = 0;
    const get = await send({ method: 'GET', url: '/api/v1/auth/logout', headers: { cookie: 'sid=one' } });
    const post = await send({ method: 'POST', url: '/api/v1/auth/logout', headers: { ...signedIn } });
    expect([get.status, get.body, post.status, post.body]).toEqual([
      200,
      { msg: 'Logged out' },
      200,
      { msg: 'Logged out' },
    ]);
    expect(logoutCalls).toEqual([{ token: 'one' }, { token: 'good-token' }]);
    const forged = await send({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie: 'sid=one' } });
    expect(forged.status).toBe(403);
  });
});

describe('listenHost', () => {
  it('listens on loopback outside production unless HOST says otherwise', () => {
    expect(listenHost({ NODE_ENV: 'development', HOST: undefined })).toBe('127.0.0.1');
    expect(listenHost({ NODE_ENV: 'test', HOST: undefined })).toBe('127.0.0.1');
    expect(listenHost({ NODE_ENV: 'production', HOST: undefined })).toBe('0.0.0.0');
    expect(listenHost({ NODE_ENV: 'development', HOST: '0.0.0.0' })).toBe('0.0.0.0');
  });
});

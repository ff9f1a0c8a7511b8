import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import { requests } from '@bookwright/contracts/bus';
import { apiTokenMessages, type ResolvedApiToken } from '@bookwright/contracts/http';
import { createInProcessBus, createMemoryWindowCounters, silentLogger, type Bus } from '@bookwright/kit';
import { bearerTokenOf, parseBearer, registerApiTokenAuth } from './api-token-auth';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const config = {
  API_TOKEN_RATE_LIMIT: 1_000,
  RATE_LIMIT_WINDOW_MS: 60_000,
  BUS_TIMEOUT_MS: 5_000,
  API_TOKEN_CACHE_TTL_MS: 15_000,
  SESSION_CACHE_MAX_ENTRIES: 100,
};

/** A gateway with the token hook and one token-readable route, and a user service counting resolutions. */
async function gateway(answerAfterMs: number): Promise<{ app: FastifyInstance; resolutions: () => number }> {
  const bus: Bus = createInProcessBus({ logger: silentLogger() });
  let resolutions = 0;
  const served = await bus.serve(requests.user.resolveToken, async () => {
    resolutions += 1;
    await new Promise((resolve) => setTimeout(resolve, answerAfterMs));
    const resolved: ResolvedApiToken = {
      userId: 'u1',
      tokenId: 't1',
      scopes: ['books:read'],
      expiresAt: null,
      workspaceId: null,
    };
    return resolved;
  });
  const app = Fastify();
  await registerApiTokenAuth(app, { bus, counters: createMemoryWindowCounters(), config, apiPrefix: '/api/v1' });
  app.get('/api/v1/book', async (request) => ({ userId: request.session?.userId }));
  app.get('/api/v1/health', async () => ({ status: 'ok' }));
  app.post('/api/v1/tokens', async () => ({ made: true }));
  // A route of a plugin with the prefix, as the API's routes are added.
  await app.register(
    async (api) => {
      api.get('/book/:bookId', async (request) => ({ userId: request.session?.userId }));
    },
    { prefix: '/api/v1' },
  );
  await app.ready();
  closers.push(
    () => app.close(),
    () => served.stop(),
  );
  return { app, resolutions: () => resolutions };
}

describe('API token authentication', () => {
  it('asks the user service once for a token that many requests bring at once', async () => {
    const { app, resolutions } = await gateway(50);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({ method: 'GET', url: '/api/v1/book', headers: { authorization: 'Bearer bw_pat_x' } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(answers[0]!.json()).toEqual({ userId: 'u1' });
    expect(answers[0]!.headers['ratelimit-remaining']).toEqual(expect.any(String));
    expect(resolutions()).toBe(1);
    // Cached afterwards: answered without a promise's wait, and without asking again.
    await app.inject({ method: 'GET', url: '/api/v1/book', headers: { authorization: 'Bearer bw_pat_x' } });
    expect(resolutions()).toBe(1);
  });

  it("checks the token on the routes a plugin adds, and only the token's scopes decide", async () => {
    const { app, resolutions } = await gateway(0);
    const answer = await app.inject({
      method: 'GET',
      url: '/api/v1/book/b1',
      headers: { authorization: 'Bearer bw_pat_x' },
    });
    expect(answer.json()).toEqual({ userId: 'u1' });
    expect(answer.headers['ratelimit-limit']).toBe('1000');
    expect(resolutions()).toBe(1);
  });

  it('refuses a token on a route only a browser may use, without asking who it is', async () => {
    const { app, resolutions } = await gateway(0);
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      headers: { authorization: 'Bearer bw_pat_x' },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ message: apiTokenMessages.sessionOnly });
    expect(resolutions()).toBe(0);
    // Without a token the route is the browser's, as before.
    expect((await app.inject({ method: 'POST', url: '/api/v1/tokens' })).statusCode).toBe(200);
  });

  it('does not look at a token on a public route', async () => {
    const { app, resolutions } = await gateway(0);
    const answer = await app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { authorization: 'Bearer bw_pat_x' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['ratelimit-limit']).toBeUndefined();
    expect(resolutions()).toBe(0);
  });

  it('refuses, as it is added, a route whose methods need different scopes', async () => {
    const app = Fastify();
    closers.push(() => app.close());
    await registerApiTokenAuth(app, {
      bus: createInProcessBus({ logger: silentLogger() }),
      counters: createMemoryWindowCounters(),
      config,
      apiPrefix: '/api/v1',
    });
    expect(() =>
      app.route({ method: ['GET', 'PATCH'], url: '/api/v1/book/:bookId', handler: async () => ({}) }),
    ).toThrow(/one token policy per route/);
  });

  it("reads each request's own token, whatever headers came before it", () => {
    const header = fc.oneof(
      fc.constantFrom('Bearer bw_pat_a', 'bearer   bw_pat_a ', 'Bearer bw_pat_b', 'Bearer', 'Bearer a b', 'Basic x'),
      fc.string().map((rest) => `Bearer ${rest}`),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.array(fc.option(header, { nil: undefined }), { maxLength: 20 }), (headers) => {
        for (const authorization of headers) {
          // Asked twice, as a request's hooks ask it; then a header put in its place; then the next request's.
          const request = { headers: { authorization } };
          const expected = authorization === undefined ? undefined : parseBearer(authorization);
          expect(bearerTokenOf(request)).toBe(expected);
          expect(bearerTokenOf(request)).toBe(expected);
          request.headers.authorization = `${authorization ?? ''}x`;
          expect(bearerTokenOf(request)).toBe(parseBearer(request.headers.authorization));
        }
      }),
    );
    expect(parseBearer('Bearer bw_pat_a')).toBe('bw_pat_a');
    expect(parseBearer('Bearer a b')).toBeUndefined();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { programSecurityHeaders, registerSecurityHeaders, securityHeaders } from './security-headers';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function gateway(): Promise<FastifyInstance> {
  const app = Fastify();
  apps.push(app);
  registerSecurityHeaders(app, { secureCookies: true, apiPrefix: '/api/v1' });
  app.get('/api/v1/book', async () => []);
  app.get('/library', async () => 'a page');
  await app.ready();
  return app;
}

/** The headers helmet's configuration decides: every header but Fastify's own. */
const ruled = (headers: Record<string, unknown>) =>
  Object.keys(headers)
    .filter((name) => !['content-type', 'content-length', 'date', 'connection'].includes(name))
    .sort();

describe('security headers', () => {
  const page = securityHeaders({ secureCookies: true });

  it('gives every browser answer the whole set', async () => {
    const app = await gateway();
    for (const url of ['/api/v1/book', '/library']) {
      const answer = await app.inject({ method: 'GET', url, headers: { cookie: 'sid=x' } });
      expect(ruled(answer.headers)).toEqual(Object.keys(page).sort());
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it("gives a program's API answer the headers that mean something to it, and a CSP that allows nothing", async () => {
    const app = await gateway();
    const answer = await app.inject({
      method: 'GET',
      url: '/api/v1/book',
      headers: { authorization: 'Bearer bw_pat_x' },
    });
    expect(ruled(answer.headers)).toEqual(
      ['content-security-policy', 'referrer-policy', 'strict-transport-security', 'x-content-type-options'].sort(),
    );
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers['strict-transport-security']).toBe(page['strict-transport-security']);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps the whole set on a page asked for with a bearer token: only API answers are never shown as pages', async () => {
    const app = await gateway();
    const answer = await app.inject({ method: 'GET', url: '/library', headers: { authorization: 'Bearer bw_pat_x' } });
    expect(ruled(answer.headers)).toEqual(Object.keys(page).sort());
  });

  it("keeps only headers the pages have in a program's set, beside its own CSP", () => {
    expect(programSecurityHeaders({ 'x-frame-options': 'DENY' })).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
  });
});

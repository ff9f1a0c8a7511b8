import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError, apiMessages } from '@bookwright/contracts/http';
import { bearerTokenOf } from './api-token-auth';
import { csrfCookieName, csrfCookieOptions, csrfHeaderName } from './cookies';

const mutatingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit CSRF protection for cookie auth: every GET of a browser (a request without an API token) that
 * has none hands out a readable XSRF-TOKEN cookie, and
 * every mutating request must echo it in X-XSRF-TOKEN. A cross-site form can send the cookie but cannot
 * read it, so it cannot set the header.
 */
export function registerCsrf(app: FastifyInstance, options: { secureCookies: boolean; exemptPaths?: string[] }): void {
  const exempt = new Set(options.exemptPaths ?? []);
  // Callback style: every request passes here, and an async hook costs a promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    // A request with an API token is authenticated by it alone, never by the cookie (api-token-auth.ts),
    // and a cross-site page cannot set Authorization: there is nothing for a forged form to ride on, and a
    // program has no use for the cookie a browser echoes (minting one was most of a token read's own cost).
    if (bearerTokenOf(request) !== undefined) return done();
    const cookie = request.cookies[csrfCookieName];
    if (request.method === 'GET' || request.method === 'HEAD') {
      if (!cookie)
        reply.setCookie(
          csrfCookieName,
          randomBytes(32).toString('base64url'),
          csrfCookieOptions(options.secureCookies),
        );
      return done();
    }
    if (!mutatingMethods.has(request.method) || exempt.has(request.routeOptions.url ?? '')) return done();
    const header = request.headers[csrfHeaderName];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header))
      return done(new AppError(403, apiMessages.csrf));
    done();
  });
}

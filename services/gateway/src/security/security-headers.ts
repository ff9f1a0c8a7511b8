import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { bearerTokenOf } from './api-token-auth';

/**
 * helmet's security headers (CSP, HSTS, frame and sniffing rules, …) on every answer.
 *
 * With this configuration they are the same on every answer (no nonces), so helmet runs once, at start,
 * against a response that only records what it is given, and each request gets the recorded headers in one
 * `reply.headers` call. Running helmet's middleware chain per request (a dozen closures, each a
 * `res.setHeader`) cost about 4% of the gateway's CPU on its busiest route; @fastify/helmet, which also
 * parsed the CSP again per request, about 8%.
 *
 * An API request with a bearer token is a program's, and its answer is never a page: no navigation, frame
 * or embed can carry an Authorization header. It gets the headers that still mean something to what reads
 * it (HSTS, nosniff, no referrer) and a CSP that allows nothing (decision 0055), not the dozen that rule how
 * a browser shows a document, which were half of every answer's header bytes.
 *
 * Routes that hijack the reply and write the raw response themselves (event streams) pass
 * `reply.getHeaders()` to `writeHead`, so they carry these headers too.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { secureCookies: boolean; apiPrefix: string },
): void {
  const headers = securityHeaders(options);
  const programHeaders = programSecurityHeaders(headers);
  const apiPath = `${options.apiPrefix}/`;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(bearerTokenOf(request) !== undefined && request.url.startsWith(apiPath) ? programHeaders : headers);
    done();
  });
}

/** What an answer to a program keeps of `headers`, with a CSP that allows nothing (GitHub's API sends the same). */
export function programSecurityHeaders(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of ['strict-transport-security', 'x-content-type-options', 'referrer-policy'])
    if (headers[name] !== undefined) kept[name] = headers[name];
  kept['content-security-policy'] = "default-src 'none'; frame-ancestors 'none'";
  return kept;
}

/** The headers helmet sets with our configuration, as a plain object. */
export function securityHeaders(options: { secureCookies: boolean }): Record<string, string> {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        // Browsers would rewrite http://localhost asset URLs to https and fail to load them.
        upgradeInsecureRequests: options.secureCookies ? [] : null,
        imgSrc: ["'self'", 'data:', 'blob:'],
      },
    },
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return recorder;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  let finished = false;
  setHeaders({} as never, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
    finished = true;
  });
  // helmet's middleware is synchronous; if that ever changes, refusing to start beats serving without them.
  if (!finished || failure) throw new Error(`helmet did not produce the security headers: ${String(failure)}`);
  return headers;
}

import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * helmet's security headers (CSP, HSTS, frame and sniffing rules, …) on every answer.
 *
 * With this configuration they are the same on every answer (no nonces), so helmet runs once, at start,
 * against a response that only records what it is given, and each request gets the recorded headers in one
 * `reply.headers` call. Running helmet's middleware chain per request (a dozen closures, each a
 * `res.setHeader`) cost about 4% of the gateway's CPU on its busiest route; @fastify/helmet, which also
 * parsed the CSP again per request, about 8%.
 *
 * Routes that hijack the reply and write the raw response themselves (event streams) pass
 * `reply.getHeaders()` to `writeHead`, so they carry these headers too.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { secureCookies: boolean }): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
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

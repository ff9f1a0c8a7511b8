import type { FastifyInstance } from 'fastify';

/**
 * The spec's login and sign-up send "form fields": accept application/x-www-form-urlencoded as well as
 * JSON. Repeated keys keep the last value, as a plain HTML form would expect.
 */
export function registerFormBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

import type { FastifyInstance } from 'fastify';
import { AppError, findUnsafeText, unsafeTextMessage } from '@bookwright/contracts/http';

/**
 * The one text check at the edge: before any route schema runs, every string of the params, the query
 * string and the parsed body of a route that takes one (keys included) is checked once. NUL, other control characters (tab and line
 * breaks aside, in a body) and lone surrogates answer 400 naming the field, so they never reach a service
 * or PostgreSQL. Multipart fields are checked where they are read (covers.ts), with the same function.
 */
export function registerSafeTextCheck(app: FastifyInstance): void {
  // Callback style, like the other hooks every request passes: an async hook costs a promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    // A body is checked where the route takes one: a schema of it, or the raw text a webhook verifies. Any
    // other route never reads what was sent with it, and a refusal naming a field it does not have misleads.
    const takesBody = request.routeOptions.schema?.body !== undefined || typeof request.body === 'string';
    const unsafe =
      findUnsafeText(request.params, 'params') ??
      findUnsafeText(request.query, 'query') ??
      (takesBody ? findUnsafeText(request.body, 'body') : null);
    done(unsafe === null ? undefined : new AppError(400, unsafeTextMessage(unsafe)));
  });
}

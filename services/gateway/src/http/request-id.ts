import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { withCorrelation } from '@bookwright/kit';

const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;

/** The request's id: the caller's `x-request-id` when it is a sane one, a new UUID otherwise. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
}

/**
 * The rest of the request runs with its id as the correlation id: every bus request and event it causes
 * carries it, and every log line of every service that handles them shows it. The answer names it too.
 */
export function registerRequestCorrelation(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    withCorrelation(request.id, done);
  });
}

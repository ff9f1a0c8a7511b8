import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, apiMessages } from '@bookwright/contracts/http';
import { isDatabaseUnavailable } from '@bookwright/kit';

/**
 * What a 503 (a service or the database out of reach) asks the client to wait before trying again: about
 * as long as a service restart or a PostgreSQL failover takes, and the longest back-off the services use.
 */
const unavailableRetryAfterSeconds = 5;

const fastifyCodeMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: apiMessages.payloadTooLarge,
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length',
};

/**
 * The one error handler: every failure leaves as `{ msg }` with the right status. 4xx messages are the
 * spec's or equally clear; 5xx details stay in the log, never in the answer.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      // A missing or non-object body fails at the root; zod's own wording for that means nothing to a user.
      const msg =
        first && (first.instancePath === '' || first.instancePath === '/') && first.keyword === 'invalid_type'
          ? 'The request body is missing or malformed'
          : first?.message;
      return reply.status(400).send({ msg: msg ?? 'Invalid request' });
    }
    if (error instanceof AppError) {
      if (error.status === 503) void reply.header('retry-after', String(unavailableRetryAfterSeconds));
      // A service out of reach is what an outage looks like from here (the bus's 503): expected, answered
      // with Retry-After, and logged as what it is. Any other 5xx from a service is a failure to look at.
      if (error.status === 503 || error.status === 504)
        request.log.warn({ err: error }, 'answered unavailable: a service did not answer in time');
      else if (!error.expose) request.log.error({ err: error }, 'a service failed');
      const msg = error.expose
        ? error.message
        : error.status === 503 || error.status === 504
          ? apiMessages.unavailable
          : apiMessages.internal;
      return reply.status(error.status).send({ ...(error.expose ? error.extra : {}), msg });
    }
    const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode === 429) return reply.status(429).send({ msg: apiMessages.tooManyRequests });
    if (statusCode >= 400 && statusCode < 500) {
      const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
      return reply.status(statusCode).send({ msg: fastifyCodeMessages[code] ?? error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'answered unavailable: the database is unreachable');
      void reply.header('retry-after', String(unavailableRetryAfterSeconds));
      return reply.status(503).send({ msg: apiMessages.unavailable });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ msg: apiMessages.internal });
  });
}

import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { apiMessages } from '@bookwright/contracts/http';
import type { WindowCounters } from '@bookwright/kit';
import type { GatewayConfig } from '../config';
import { registerCors } from '../http/cors';
import { registerErrorHandler } from '../http/error-handler';
import { registerFormBodyParser } from '../http/form-body';
import { registerSafeTextCheck } from '../http/safe-text';
import { registerBodyDepthCheck } from '../http/body-depth';
import { registerHttpMetrics } from '../observability/http-metrics';
import { openApiOptions } from '../openapi/document';
import { registerCsrf } from '../security/csrf';
import { rateLimitStore } from '../security/rate-limit-store';
import { registerSecurityHeaders } from '../security/security-headers';

/**
 * What every request passes before a route: errors, body parsers, metrics, cookies, security headers,
 * compression, CORS, rate limiting, CSRF; then the OpenAPI document and its UI. In this order.
 */
export async function registerEdge(
  app: FastifyInstance,
  options: {
    config: GatewayConfig;
    secureCookies: boolean;
    counters: WindowCounters;
    apiPrefix: string;
    /** Paths called by other servers, without the browser's XSRF token (the payment webhook). */
    csrfExemptPaths: string[];
  },
): Promise<void> {
  const { config, secureCookies, apiPrefix } = options;
  registerErrorHandler(app);
  registerFormBodyParser(app);
  registerHttpMetrics(app);
  registerSafeTextCheck(app);
  registerBodyDepthCheck(app);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, { secureCookies, apiPrefix });
  // Answers made at request time (API JSON, docs); the web app's files are precompressed at build time.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: /^text\/(?!event-stream)|^application\/(json|javascript|xml)|\+json$|\+xml$/,
  });
  registerCors(app, config.CORS_ORIGINS);
  await app.register(fastifyRateLimit, {
    global: false,
    store: rateLimitStore(options.counters),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      msg: apiMessages.tooManyRequests,
      retryAfterMs: context.ttl,
    }),
  });
  registerCsrf(app, { secureCookies, exemptPaths: options.csrfExemptPaths });

  await app.register(fastifySwagger, openApiOptions);
  await app.register(fastifySwaggerUi, { routePrefix: `${apiPrefix}/docs` });
}

import { openApiOptions } from './openapi/document';
import { randomUUID } from 'node:crypto';
import { registerHttpMetrics } from './observability/http-metrics';
import { createOfflineProvider } from '@bookwright/offline';
import { withCorrelation } from '@bookwright/kit';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { apiMessages, coverUploadMaxBytes } from '@bookwright/contracts';
import {
  createMemoryWindowCounters,
  type BlobStore,
  type Bus,
  type Logger,
  type WindowCounters,
} from '@bookwright/kit';
import type { GatewayConfig } from './config';
import { drainOnClose } from './http/drain-on-close';
import { registerErrorHandler } from './http/error-handler';
import { registerFormBodyParser } from './http/form-body';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors';
import { registerSafeTextCheck } from './http/safe-text';
import { authThrottle } from './security/auth-throttle';
import { rateLimitStore } from './security/rate-limit-store';
import { cookiesAreSecure } from './security/cookies';
import { registerCsrf } from './security/csrf';
import { sessionSupport } from './security/session';
import { registerSecurityHeaders } from './security/security-headers';
import { registerSpa } from './web/spa';
import { authRoutes } from './routes/auth';
import { oidcRoutes } from './routes/oidc';
import { userRoutes } from './routes/user';
import { accountRoutes } from './routes/account';
import { healthRoutes } from './routes/health';
import { bookRoutes } from './routes/books';
import { trashRoutes } from './routes/trash';
import { agentRoutes } from './routes/agent';
import { paymentRoutes, paymentWebhookPath } from './routes/payment';
import { takeoutRoutes } from './routes/takeout';
import { eventRoutes } from './routes/events';
import { exportRoutes } from './routes/export';
import { coverRoutes } from './routes/covers';
import { revisionRoutes } from './routes/revisions';
import { bookAiRoutes } from './routes/book-ai';
import { createLlmProvider, type LlmProvider } from '@bookwright/ai';
import { BookEventsHub } from './live/book-events-hub';
import { LibraryReadModel } from './read-models/library-read-model';
import { BookReadModel } from './read-models/book-read-model';
import { CurrentUserReadModel } from './read-models/current-user-read-model';
import { gatewayCacheMetrics } from './observability/cache-metrics';
import { registerOwnWrites } from './read-models/own-writes';
import { askOver, type RouteDeps } from './routes/route-deps';

export const apiPrefix = '/api/v1';
/** Every path under it is the API's: an unknown one answers a JSON 404, never the web app. */
const apiRoot = '/api';

const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Builds the HTTP edge: security plugins first, then validation and docs, then the API routes, then the
 * web app. It owns no business data: every route validates, authorises and asks a service over the bus.
 */
export async function buildGateway(options: {
  config: GatewayConfig;
  logger: Logger;
  bus: Bus;
  blobs: BlobStore;
  /** The editor's rewrite model; default from the LLM variables. */
  llm?: LlmProvider;
  /** Where rate limits count; default this process's memory (one gateway). Replicas pass a shared store. */
  counters?: WindowCounters;
}): Promise<FastifyInstance> {
  const { config, bus, blobs } = options;
  const counters = options.counters ?? createMemoryWindowCounters();
  const secureCookies = cookiesAreSecure(config.PUBLIC_URL);
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'reqId' }),
    // Longer than any id we issue, so an over-long id reaches the route schema and its `{msg}` 400;
    // beyond this the router answers 414, also as `{msg}` (frameworkErrors).
    routerOptions: { maxParamLength: 1_000 },
    frameworkErrors,
    clientErrorHandler,
    // Requests arriving while closing are served (with Connection: close), not refused: see drainOnClose.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('session', null);
  // The rest of the request runs with its id as the correlation id: every bus request and event it causes
  // carries it, and every log line of every service that handles them shows it. The answer names it too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    withCorrelation(request.id, done);
  });

  registerErrorHandler(app);
  registerFormBodyParser(app);
  await registerHttpMetrics(app);
  registerSafeTextCheck(app);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, { secureCookies });
  // Answers made at request time (API JSON, docs); the web app's files are precompressed at build time.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: /^text\/(?!event-stream)|^application\/(json|javascript|xml)|\+json$|\+xml$/,
  });
  if (config.CORS_ORIGINS) {
    const allowed = new Set(config.CORS_ORIGINS.split(',').map((o) => o.trim()));
    app.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (origin && allowed.has(origin)) {
        reply
          .header('access-control-allow-origin', origin)
          .header('access-control-allow-credentials', 'true')
          .header('vary', 'Origin');
        if (request.method === 'OPTIONS') {
          reply
            .header('access-control-allow-methods', 'GET,POST,PATCH,PUT,DELETE')
            .header('access-control-allow-headers', 'content-type,x-xsrf-token,x-request-id')
            .status(204)
            .send();
        }
      }
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    store: rateLimitStore(counters),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      msg: apiMessages.tooManyRequests,
      retryAfterMs: context.ttl,
    }),
  });
  registerCsrf(app, { secureCookies, exemptPaths: [`${apiPrefix}${paymentWebhookPath}`] });

  await app.register(fastifySwagger, openApiOptions);
  await app.register(fastifySwaggerUi, { routePrefix: `${apiPrefix}/docs` });

  const cacheMetrics = gatewayCacheMetrics();
  app.addHook('onClose', async () => cacheMetrics.detach());
  const sessions = sessionSupport(bus, {
    secureCookies,
    timeoutMs: config.BUS_TIMEOUT_MS,
    cacheTtlMs: config.SESSION_CACHE_TTL_MS,
    cacheMaxEntries: config.SESSION_CACHE_MAX_ENTRIES,
    observeCache: cacheMetrics.observe('session'),
  });
  const library = new LibraryReadModel({
    ttlMs: config.LIBRARY_CACHE_TTL_MS,
    maxUsers: config.LIBRARY_CACHE_MAX_USERS,
    maxClockSkewMs: config.MAX_CLOCK_SKEW_MS,
    observe: cacheMetrics.observe('library'),
  });
  const openedBooks = new BookReadModel({
    ttlMs: config.BOOK_CACHE_TTL_MS,
    maxBooks: config.BOOK_CACHE_MAX_BOOKS,
    maxClockSkewMs: config.MAX_CLOCK_SKEW_MS,
    observe: cacheMetrics.observe('book'),
  });
  const currentUsers = new CurrentUserReadModel({
    ttlMs: config.CURRENT_USER_CACHE_TTL_MS,
    maxUsers: config.CURRENT_USER_CACHE_MAX_USERS,
    maxClockSkewMs: config.MAX_CLOCK_SKEW_MS,
    observe: cacheMetrics.observe('current_user'),
  });
  const tails = await Promise.all([
    sessions.listen(),
    library.listen(bus),
    openedBooks.listen(bus),
    currentUsers.listen(bus),
  ]);
  app.addHook('onClose', async () => {
    for (const tail of tails) await tail.stop();
  });
  // Started after the read models' tails, so a browser told of a change by its live stream, which then
  // asks for its library, finds the held copy already dropped.
  const hub = new BookEventsHub(bus, options.logger);
  await hub.start();
  // Open event streams never end by themselves: close them first so app.close() can finish.
  app.addHook('preClose', async () => hub.stop());
  registerOwnWrites(app, {
    readModels: [library, openedBooks, currentUsers],
    secureCookies,
    // As long as any read model may hold a copy read before the write.
    markLifetimeMs:
      Math.max(config.LIBRARY_CACHE_TTL_MS, config.BOOK_CACHE_TTL_MS, config.CURRENT_USER_CACHE_TTL_MS) +
      config.MAX_CLOCK_SKEW_MS,
  });
  const deps: RouteDeps = {
    bus,
    ask: askOver(bus, config.BUS_TIMEOUT_MS),
    blobs,
    config,
    sessions,
    library,
    books: openedBooks,
    currentUsers,
    authThrottle: authThrottle({
      perIp: config.AUTH_RATE_LIMIT_PER_IP,
      failedLoginsPerAccountAndIp: config.AUTH_RATE_LIMIT_FAILED_LOGINS,
      windowMs: config.RATE_LIMIT_WINDOW_MS,
      counters,
    }),
  };
  await app.register(
    async (api) => {
      await api.register(healthRoutes(deps));
      await api.register(authRoutes(deps));
      await api.register(oidcRoutes(deps));
      await api.register(userRoutes(deps));
      await api.register(bookRoutes(deps));
      await api.register(trashRoutes(deps));
      await api.register(agentRoutes(deps));
      await api.register(paymentRoutes(deps));
      await api.register(takeoutRoutes(deps));
      await api.register(eventRoutes(deps, hub));
      await api.register(exportRoutes(deps));
      // Only these two read multipart forms (avatar, cover upload); elsewhere such a body is a 415. Its hooks
      // (a temp-file cleanup per request) stay off every other route.
      await api.register(async (forms) => {
        await forms.register(fastifyMultipart, { limits: { fileSize: coverUploadMaxBytes, files: 1, fields: 20 } });
        await forms.register(accountRoutes(deps));
        await forms.register(coverRoutes(deps));
      });
      await api.register(revisionRoutes(deps));
      // Made on first use: a gateway without LLM settings still starts (production refuses the offline
      // writer), and only rewrites fail until the gateway's Secret carries OPENAI_API_KEY or OPENAI_BASE_URL.
      let llm = options.llm;
      await api.register(
        bookAiRoutes({
          ...deps,
          llm: () => (llm ??= createLlmProvider(config, options.logger, { offline: createOfflineProvider })),
        }),
      );
    },
    { prefix: apiPrefix },
  );

  await registerSpa(app, { distDir: config.WEB_DIST_DIR, apiPrefix: apiRoot });
  // Last, so the event streams (hub.stop above) have ended before the drain waits for connections.
  drainOnClose(app, { drainMs: config.SHUTDOWN_DRAIN_MS });
  return app;
}

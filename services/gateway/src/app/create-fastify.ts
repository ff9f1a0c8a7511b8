import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from '@bookwright/kit';
import type { GatewayConfig } from '../config';
import { clientErrorHandler, frameworkErrors } from '../http/framework-errors';
import { registerRequestCorrelation, requestIdOf } from '../http/request-id';
import { requestLoggerFactory } from '../http/request-logger';
import { decorateParsedBearer } from '../security/api-token-auth';
import { bodyLimits, registerBodyLimits } from '../security/body-limits';
import { decorateUserId } from '../security/request-user';

/**
 * The bare server: limits (each route's body limit among them), request ids and zod schemas;
 * `request.session`, `request.userId` and the parsed bearer token declared.
 */
export function createFastify(config: GatewayConfig, logger: Logger): FastifyInstance {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // What a request no route takes may send (a 404); every route gets its own (security/body-limits.ts).
    bodyLimit: bodyLimits.none,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'reqId' }),
    childLoggerFactory: requestLoggerFactory,
    // Longer than any id we issue, so an over-long id reaches the route schema and its `{msg}` 400;
    // beyond this the router answers 414, also as `{msg}` (frameworkErrors).
    routerOptions: { maxParamLength: 1_000 },
    frameworkErrors,
    clientErrorHandler,
    // Requests arriving while closing are served (with Connection: close), not refused: see drainOnClose.
    return503OnClosing: false,
  });
  registerBodyLimits(app, { formBytes: config.BODY_LIMIT_BYTES });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('session', null);
  decorateUserId(app);
  decorateParsedBearer(app);
  registerRequestCorrelation(app);
  return app;
}

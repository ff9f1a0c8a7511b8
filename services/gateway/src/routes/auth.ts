import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiMessages,
  AppError,
  AuthSuccessSchema,
  LoginRequestSchema,
  MessageSchema,
  requests,
  SignUpRequestSchema,
} from '@bookwright/contracts';
import type { RouteDeps } from './route-deps';
import { withBilling } from './current-user';

/** POST /auth/sign-up, POST /auth/login, GET /auth/logout (spec §7). */
export function authRoutes(deps: RouteDeps) {
  const { bus, sessions, config } = deps;
  const timeoutMs = config.BUS_TIMEOUT_MS;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // A second limit keyed by the account, checked once the body is parsed: guessing one account's
    // password from many IPs is slowed down as much as guessing from one.
    const accountLimiter = app.createRateLimit({
      max: config.AUTH_RATE_LIMIT_PER_ACCOUNT,
      timeWindow: config.RATE_LIMIT_WINDOW_MS,
      keyGenerator: (request) =>
        `account:${String((request.body as { email?: unknown } | undefined)?.email ?? '')
          .trim()
          .toLowerCase()}`,
    });
    const perAccount = async (request: FastifyRequest, reply: FastifyReply) => {
      const limit = await accountLimiter(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', String(limit.ttlInSeconds));
        throw new AppError(429, apiMessages.tooManyRequests);
      }
    };
    const perIp = { rateLimit: { max: config.AUTH_RATE_LIMIT_PER_IP, timeWindow: config.RATE_LIMIT_WINDOW_MS } };

    app.post(
      '/auth/sign-up',
      {
        config: perIp,
        schema: {
          tags: ['auth'],
          summary: 'Create an account and sign in',
          body: SignUpRequestSchema,
          response: { 201: AuthSuccessSchema },
        },
        preHandler: perAccount,
      },
      async (request, reply) => {
        const { user, session } = await bus.request(requests.user.signUp, request.body, {
          requestId: request.id,
          timeoutMs,
        });
        sessions.setSessionCookie(reply, session);
        const fullUser = await withBilling(bus, user, request.id, timeoutMs);
        return reply.status(201).send({ msg: 'Account created', user: fullUser });
      },
    );

    app.post(
      '/auth/login',
      {
        config: perIp,
        schema: { tags: ['auth'], summary: 'Sign in', body: LoginRequestSchema, response: { 200: AuthSuccessSchema } },
        preHandler: perAccount,
      },
      async (request, reply) => {
        const { user, session } = await bus.request(requests.user.login, request.body, {
          requestId: request.id,
          timeoutMs,
        });
        sessions.setSessionCookie(reply, session);
        const fullUser = await withBilling(bus, user, request.id, timeoutMs);
        return reply.send({ msg: 'Logged in', user: fullUser });
      },
    );

    app.get(
      '/auth/logout',
      { schema: { tags: ['auth'], summary: 'Sign out (revokes the session)', response: { 200: MessageSchema } } },
      async (request, reply) => {
        const token = sessions.sessionToken(request);
        if (token) await bus.request(requests.user.logout, { token }, { requestId: request.id, timeoutMs });
        sessions.clearSessionCookie(reply);
        return reply.send({ msg: 'Logged out' });
      },
    );
  };
}

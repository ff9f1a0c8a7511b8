import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordMessages,
  ChangePasswordRequestSchema,
  ForgotPasswordRequestSchema,
  MessageSchema,
  passwordResetMessages,
  requests,
  ResetPasswordRequestSchema,
  UserSchema,
} from '@bookwright/contracts';
import type { RouteDeps } from './route-deps';
import { loadCurrentUser } from './current-user';
import { lastWriteOf } from '../read-models/own-writes';

/**
 * GET /user/current-user, PATCH /user/password, POST /user/forgot-password, POST /user/reset-password;
 * the account itself (PATCH and DELETE /user/{id}, the avatar) is in account.ts.
 */
export function userRoutes(deps: RouteDeps) {
  const { bus, ask, sessions, config } = deps;
  const timeoutMs = config.BUS_TIMEOUT_MS;
  const perIp = { rateLimit: { max: config.AUTH_RATE_LIMIT_PER_IP, timeWindow: config.RATE_LIMIT_WINDOW_MS } };
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/user/current-user',
      {
        schema: {
          operationId: 'getCurrentUser',
          tags: ['user'],
          summary: 'The signed-in user',
          response: { 200: UserSchema },
        },
        preHandler: sessions.requireSession,
      },
      async (request) => {
        const userId = request.userId;
        return deps.currentUsers.current(userId, lastWriteOf(request), () =>
          loadCurrentUser(bus, userId, request.id, timeoutMs),
        );
      },
    );

    app.patch(
      '/user/password',
      {
        config: perIp,
        schema: {
          operationId: 'changePassword',
          tags: ['user'],
          summary: 'Change the password (signs out every other session)',
          body: ChangePasswordRequestSchema,
          response: { 200: MessageSchema },
        },
        preHandler: sessions.requireSession,
      },
      async (request, reply) => {
        const { userId, sessionId } = request.session!;
        await ask(request, requests.user.changePassword, { userId, sessionId, change: request.body });
        // Every other session of the user has ended; this one is resolved afresh on its next request.
        sessions.forgetUser(userId);
        return reply.send({ msg: changePasswordMessages.success });
      },
    );

    app.post(
      '/user/forgot-password',
      {
        preHandler: deps.authThrottle.guard,
        schema: {
          operationId: 'forgotPassword',
          tags: ['user'],
          summary: 'Mail a password reset link',
          body: ForgotPasswordRequestSchema,
          response: { 200: MessageSchema },
        },
      },
      async (request) => {
        await ask(request, requests.user.forgotPassword, request.body);
        return { msg: passwordResetMessages.linkSent };
      },
    );

    app.post(
      '/user/reset-password',
      {
        preHandler: deps.authThrottle.guard,
        schema: {
          operationId: 'resetPassword',
          tags: ['user'],
          summary: 'Set a new password from a reset link',
          body: ResetPasswordRequestSchema,
          response: { 200: MessageSchema },
        },
      },
      async (request, reply) => {
        const { userId } = await ask(request, requests.user.resetPassword, request.body);
        sessions.forgetUser(userId);
        sessions.clearSessionCookie(reply);
        return { msg: passwordResetMessages.success };
      },
    );
  };
}

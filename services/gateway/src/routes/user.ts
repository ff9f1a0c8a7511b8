import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordMessages,
  ChangePasswordRequestSchema,
  ForgotPasswordRequestSchema,
  MessageSchema,
  passwordResetMessages,
  ResetPasswordRequestSchema,
  UserSchema,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { routePresets } from '../security/route-presets';
import type { RouteDeps, RouteReply, RouteRequest } from './route-deps';
import { loadCurrentUser } from './current-user';
import { lastWriteOf } from '../read-models/own-writes';

const getCurrentUserSchema = {
  operationId: 'getCurrentUser',
  tags: ['user'],
  summary: 'The signed-in user',
  response: { 200: UserSchema },
};

const changePasswordSchema = {
  operationId: 'changePassword',
  tags: ['user'],
  summary: 'Change the password (signs out every other session)',
  body: ChangePasswordRequestSchema,
  response: { 200: MessageSchema },
};

const forgotPasswordSchema = {
  operationId: 'forgotPassword',
  tags: ['user'],
  summary: 'Mail a password reset link',
  body: ForgotPasswordRequestSchema,
  response: { 200: MessageSchema },
};

const resetPasswordSchema = {
  operationId: 'resetPassword',
  tags: ['user'],
  summary: 'Set a new password from a reset link',
  body: ResetPasswordRequestSchema,
  response: { 200: MessageSchema },
};

/**
 * GET /user/current-user, PATCH /user/password, POST /user/forgot-password, POST /user/reset-password;
 * the account itself (PATCH and DELETE /user/{id}, the avatar) is in account.ts.
 */
export function userRoutes(deps: RouteDeps) {
  const { bus, ask, sessions, config } = deps;
  const timeoutMs = config.BUS_TIMEOUT_MS;
  const { signedIn, perIpLimit, authThrottled } = routePresets(deps);

  async function getCurrentUser(request: RouteRequest<typeof getCurrentUserSchema>) {
    const userId = request.userId;
    return deps.currentUsers.current(userId, lastWriteOf(request), () =>
      loadCurrentUser(bus, userId, request.id, timeoutMs),
    );
  }

  async function changePassword(
    request: RouteRequest<typeof changePasswordSchema>,
    reply: RouteReply<typeof changePasswordSchema>,
  ) {
    const { userId, sessionId } = request;
    await ask(request, requests.user.changePassword, { userId, sessionId, change: request.body });
    // Every other session of the user has ended; this one is resolved afresh on its next request.
    sessions.forgetUser(userId);
    return reply.send({ msg: changePasswordMessages.success });
  }

  async function forgotPassword(request: RouteRequest<typeof forgotPasswordSchema>) {
    await ask(request, requests.user.forgotPassword, request.body);
    return { msg: passwordResetMessages.linkSent };
  }

  async function resetPassword(
    request: RouteRequest<typeof resetPasswordSchema>,
    reply: RouteReply<typeof resetPasswordSchema>,
  ) {
    const { userId } = await ask(request, requests.user.resetPassword, request.body);
    sessions.forgetUser(userId);
    sessions.clearSessionCookie(reply);
    return { msg: passwordResetMessages.success };
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/user/current-user', { schema: getCurrentUserSchema, ...signedIn }, getCurrentUser);
    app.patch('/user/password', { schema: changePasswordSchema, ...perIpLimit, ...signedIn }, changePassword);
    app.post('/user/forgot-password', { schema: forgotPasswordSchema, ...authThrottled }, forgotPassword);
    app.post('/user/reset-password', { schema: resetPasswordSchema, ...authThrottled }, resetPassword);
  };
}

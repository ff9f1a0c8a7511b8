import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  AppError,
  AuthSuccessSchema,
  LoginRequestSchema,
  MessageSchema,
  requests,
  SignUpRequestSchema,
} from '@bookwright/contracts';
import type { RouteDeps } from './route-deps';
import { signedInUser } from './current-user';

/** POST /auth/sign-up, POST /auth/login, GET (or POST) /auth/logout (spec §7). */
export function authRoutes(deps: RouteDeps) {
  const { bus, ask, sessions, config } = deps;
  const timeoutMs = config.BUS_TIMEOUT_MS;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { authThrottle } = deps;

    app.post(
      '/auth/sign-up',
      {
        schema: {
          operationId: 'signUp',
          tags: ['auth'],
          summary: 'Create an account and sign in',
          body: SignUpRequestSchema,
          response: { 201: AuthSuccessSchema },
        },
        preHandler: authThrottle.guard,
      },
      async (request, reply) => {
        const { user, session } = await ask(request, requests.user.signUp, {
          ...request.body,
          replacesToken: sessions.sessionToken(request),
        });
        sessions.forgetToken(sessions.sessionToken(request));
        sessions.setSessionCookie(reply, session);
        const fullUser = await signedInUser(
          bus,
          user,
          { requestId: request.id, timeoutMs, moment: 'sign-up' },
          request.log,
        );
        return reply.status(201).send({ msg: 'Account created', user: fullUser });
      },
    );

    app.post(
      '/auth/login',
      {
        schema: {
          operationId: 'login',
          tags: ['auth'],
          summary: 'Sign in',
          body: LoginRequestSchema,
          response: { 200: AuthSuccessSchema },
        },
        preHandler: authThrottle.guard,
      },
      async (request, reply) => {
        let signedIn: z.output<(typeof requests.user.login)['response']>;
        try {
          // The session this browser had ends here: one browser, one session.
          signedIn = await ask(request, requests.user.login, {
            ...request.body,
            replacesToken: sessions.sessionToken(request),
          });
        } catch (error) {
          if (error instanceof AppError && error.status === 401) await authThrottle.loginFailed(request);
          else await authThrottle.loginUndecided(request);
          throw error;
        }
        await authThrottle.loginSucceeded(request);
        sessions.forgetToken(sessions.sessionToken(request));
        sessions.setSessionCookie(reply, signedIn.session);
        // Signed in from here on (the cookie is set): billing being away must not turn that into a 503.
        const fullUser = await signedInUser(
          bus,
          signedIn.user,
          { requestId: request.id, timeoutMs, moment: 'login' },
          request.log,
        );
        return reply.send({ msg: 'Logged in', user: fullUser });
      },
    );

    // GET as the spec's client calls it; POST too, for clients that rightly will not change state on a GET.
    const logout = async (request: FastifyRequest, reply: FastifyReply) => {
      const token = sessions.sessionToken(request);
      if (token) await ask(request, requests.user.logout, { token });
      sessions.forgetToken(token);
      sessions.clearSessionCookie(reply);
      return reply.send({ msg: 'Logged out' });
    };
    const logoutSchema = {
      tags: ['auth'],
      summary: 'Sign out (revokes the session)',
      response: { 200: MessageSchema },
    };
    app.get('/auth/logout', { schema: { operationId: 'logout', ...logoutSchema } }, logout);
    app.post('/auth/logout', { schema: { operationId: 'logoutByPost', ...logoutSchema } }, logout);
  };
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  AppError,
  AuthSuccessSchema,
  LoginRequestSchema,
  MessageSchema,
  SignUpRequestSchema,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { routePresets } from '../security/route-presets';
import type { RouteDeps, RouteReply, RouteRequest } from './route-deps';
import { signedInUser } from './current-user';

const signUpSchema = {
  operationId: 'signUp',
  tags: ['auth'],
  summary: 'Create an account and sign in',
  body: SignUpRequestSchema,
  response: { 201: AuthSuccessSchema },
};

const loginSchema = {
  operationId: 'login',
  tags: ['auth'],
  summary: 'Sign in',
  body: LoginRequestSchema,
  response: { 200: AuthSuccessSchema },
};

const logoutSchema = {
  operationId: 'logout',
  tags: ['auth'],
  summary: 'Sign out (revokes the session)',
  response: { 200: MessageSchema },
};

const logoutByPostSchema = { ...logoutSchema, operationId: 'logoutByPost' };

/** POST /auth/sign-up, POST /auth/login, GET (or POST) /auth/logout (spec §7). */
export function authRoutes(deps: RouteDeps) {
  const { bus, ask, sessions, config, authThrottle } = deps;
  const timeoutMs = config.BUS_TIMEOUT_MS;
  const { authThrottled } = routePresets(deps);

  async function signUp(request: RouteRequest<typeof signUpSchema>, reply: RouteReply<typeof signUpSchema>) {
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
  }

  async function login(request: RouteRequest<typeof loginSchema>, reply: RouteReply<typeof loginSchema>) {
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
  }

  async function logout(request: FastifyRequest, reply: FastifyReply) {
    const token = sessions.sessionToken(request);
    if (token) await ask(request, requests.user.logout, { token });
    sessions.forgetToken(token);
    sessions.clearSessionCookie(reply);
    return reply.send({ msg: 'Logged out' });
  }
  // GET as the spec's client calls it; POST too, for clients that rightly will not change state on a GET.
  const logoutByPost = logout;

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post('/auth/sign-up', { schema: signUpSchema, ...authThrottled }, signUp);
    app.post('/auth/login', { schema: loginSchema, ...authThrottled }, login);
    app.get('/auth/logout', { schema: logoutSchema }, logout);
    app.post('/auth/logout', { schema: logoutByPostSchema }, logoutByPost);
  };
}

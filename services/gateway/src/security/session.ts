import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, apiMessages } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { requests, type IssuedSession, type ResolvedSession } from '@bookwright/contracts/bus';
import { on, type Bus, type Subscription } from '@bookwright/kit';
import { sessionCookieName, sessionCookieOptions } from './cookies';
import { SessionCache } from './session-cache';
import type { CacheLookup } from '../observability/cache-metrics';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireSession` on authenticated routes. */
    session: ResolvedSession | null;
  }
}

export interface SessionSupport {
  /**
   * preHandler for routes that need a signed-in user: 401 `{msg}` otherwise. Callback style: it runs on
   * every signed-in page and almost always answers from the cache at once, where an async hook would cost a
   * promise per request.
   */
  requireSession(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void;
  setSessionCookie(reply: FastifyReply, session: IssuedSession): void;
  clearSessionCookie(reply: FastifyReply): void;
  sessionToken(request: FastifyRequest): string | undefined;
  /**
   * This replica stops trusting what it cached, right after it made the change itself (logout, sign-in over
   * an old session, password change, account deletion); other replicas hear it as an event.
   */
  forgetToken(token: string | undefined): void;
  forgetUser(userId: string): void;
  /** Tails the events that revoke sessions, so this replica's cache drops them within one bus hop. */
  listen(): Promise<Subscription>;
}

export interface SessionSupportOptions {
  secureCookies: boolean;
  timeoutMs: number;
  /** Session cache lifetime; 0 resolves every request with the user service. */
  cacheTtlMs: number;
  cacheMaxEntries: number;
  /** Told of every cache lookup, for the hit and miss counts. */
  observeCache?: (lookup: CacheLookup) => void;
}

export function sessionSupport(bus: Bus, options: SessionSupportOptions): SessionSupport {
  const cache = new SessionCache({ ttlMs: options.cacheTtlMs, maxEntries: options.cacheMaxEntries });
  const clear = (reply: FastifyReply) =>
    reply.clearCookie(sessionCookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure: options.secureCookies });

  // Concurrent requests with the same cookie share one resolution instead of each asking.
  const resolve = (key: string, token: string, requestId: string): Promise<ResolvedSession> =>
    cache.resolveOnce(key, () =>
      bus.request(requests.user.resolveSession, { token }, { timeoutMs: options.timeoutMs, requestId }),
    );

  return {
    requireSession(request, reply, done) {
      // Authenticated by an API token already (api-token-auth.ts): the cookie, if any, is not read.
      if (request.session) return done();
      const token = request.cookies[sessionCookieName];
      if (!token) return done(new AppError(401, apiMessages.unauthenticated));
      const key = SessionCache.keyOf(token);
      const cached = cache.get(key);
      options.observeCache?.(cached ? 'hit' : 'miss');
      if (cached) {
        request.session = cached;
        return done();
      }
      resolve(key, token, request.id).then(
        (session) => {
          request.session = session;
          done();
        },
        (error: Error) => {
          // A dead cookie is removed so the browser stops sending it.
          if (error instanceof AppError && error.status === 401) clear(reply);
          done(error);
        },
      );
    },
    setSessionCookie(reply, session) {
      reply.setCookie(
        sessionCookieName,
        session.token,
        sessionCookieOptions(options.secureCookies, new Date(session.expiresAt)),
      );
    },
    clearSessionCookie: clear,
    sessionToken: (request) => request.cookies[sessionCookieName],
    forgetToken(token) {
      if (token) cache.forgetKey(SessionCache.keyOf(token));
    },
    forgetUser: (userId) => cache.forgetUser(userId),
    listen: () =>
      // A tail, not a durable consumer: every replica hears every revocation (fan-out, not a queue group).
      bus.tail([
        on(events.userSessionRevoked, async ({ sessionId }) =>
          cache.forgetWhere((session) => session.sessionId === sessionId),
        ),
        on(events.userPasswordChanged, async ({ userId }) => cache.forgetUser(userId)),
        on(events.userDeleted, async ({ userId }) => cache.forgetUser(userId)),
      ]),
  };
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, apiMessages, requests, type IssuedSession, type ResolvedSession } from '@bookwright/contracts';
import type { Bus } from '@bookwright/kit';
import { sessionCookieName, sessionCookieOptions } from './cookies';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireSession` on authenticated routes. */
    session: ResolvedSession | null;
  }
}

export interface SessionSupport {
  /** preHandler for routes that need a signed-in user: 401 `{msg}` otherwise. */
  requireSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  setSessionCookie(reply: FastifyReply, session: IssuedSession): void;
  clearSessionCookie(reply: FastifyReply): void;
  sessionToken(request: FastifyRequest): string | undefined;
}

export function sessionSupport(bus: Bus, options: { secureCookies: boolean; timeoutMs: number }): SessionSupport {
  const clear = (reply: FastifyReply) =>
    reply.clearCookie(sessionCookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure: options.secureCookies });
  return {
    async requireSession(request, reply) {
      const token = request.cookies[sessionCookieName];
      if (!token) throw new AppError(401, apiMessages.unauthenticated);
      try {
        request.session = await bus.request(
          requests.user.resolveSession,
          { token },
          { timeoutMs: options.timeoutMs, requestId: request.id },
        );
      } catch (error) {
        // A dead cookie is removed so the browser stops sending it.
        if (error instanceof AppError && error.status === 401) clear(reply);
        throw error;
      }
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
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, on routes behind `requireSession`. */
    readonly userId: string;
    /** The signed-in browser's session, on routes behind `requireSession` (a password change keeps it). */
    readonly sessionId: string;
  }
}

/**
 * `request.userId` and `request.sessionId`, read from the session `requireSession` resolved. Reading them
 * on a route without that hook is a mistake in the route, so it fails (a 500) rather than answer for nobody.
 */
export function decorateUserId(app: FastifyInstance): void {
  app.decorateRequest('userId', {
    getter(this: FastifyRequest): string {
      if (!this.session) throw new Error('request.userId read on a route that does not require a session');
      return this.session.userId;
    },
  });
  app.decorateRequest('sessionId', {
    getter(this: FastifyRequest): string {
      if (!this.session) throw new Error('request.sessionId read on a route that does not require a session');
      return this.session.sessionId;
    },
  });
}

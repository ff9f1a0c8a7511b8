import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, on routes behind `requireSession`. */
    readonly userId: string;
  }
}

/**
 * `request.userId`, read from the session `requireSession` resolved. Reading it on a route without that
 * hook is a mistake in the route, so it fails (a 500) rather than answer for nobody.
 */
export function decorateUserId(app: FastifyInstance): void {
  app.decorateRequest('userId', {
    getter(this: FastifyRequest): string {
      if (!this.session) throw new Error('request.userId read on a route that does not require a session');
      return this.session.userId;
    },
  });
}

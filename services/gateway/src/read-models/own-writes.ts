import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Dates the signed-in user's last write, for whichever replica serves their next read. */
export const writeMarkCookieName = 'wrote';

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Read-your-writes for the read models. Before the answer to a signed-in user's write leaves (whatever its
 * outcome: a timed-out write may still have landed), this replica drops what it holds of that user, and a
 * short-lived cookie dates the write, so a replica that has not heard the change's event yet still does not
 * answer from a copy read before it.
 */
export function registerOwnWrites(
  app: FastifyInstance,
  options: {
    /** Whatever holds per-user copies that the user's writes can change. */
    readModels: readonly { forgetUser(userId: string): void }[];
    secureCookies: boolean;
    markLifetimeMs: number;
  },
): void {
  // Callback style: every answer passes here, and an async hook costs a promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (readOnlyMethods.has(request.method) || !request.session) return done(null, payload);
    for (const model of options.readModels) model.forgetUser(request.session.userId);
    reply.setCookie(writeMarkCookieName, String(Date.now()), {
      path: '/api',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
      maxAge: Math.ceil(options.markLifetimeMs / 1000),
    });
    done(null, payload);
  });
}

/** When the user last wrote, as their write-mark cookie says; undefined without one. */
export function lastWriteOf(request: FastifyRequest): number | undefined {
  const mark = Number(request.cookies[writeMarkCookieName]);
  return Number.isFinite(mark) && mark > 0 ? mark : undefined;
}

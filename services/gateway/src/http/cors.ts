import type { FastifyInstance } from 'fastify';

/**
 * Cross-origin calls from the listed origins (CORS_ORIGINS, comma-separated), with credentials; a
 * preflight from one of them is answered here. No list: same-origin only, no CORS headers at all.
 */
export function registerCors(app: FastifyInstance, origins: string | undefined): void {
  if (!origins) return;
  const allowed = new Set(origins.split(',').map((o) => o.trim()));
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin && allowed.has(origin)) {
      reply
        .header('access-control-allow-origin', origin)
        .header('access-control-allow-credentials', 'true')
        .header('vary', 'Origin');
      if (request.method === 'OPTIONS') {
        reply
          .header('access-control-allow-methods', 'GET,POST,PATCH,PUT,DELETE')
          .header('access-control-allow-headers', 'content-type,x-xsrf-token,x-request-id')
          .status(204)
          .send();
      }
    }
  });
}

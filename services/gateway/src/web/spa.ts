import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { apiMessages } from '@bookwright/contracts';

/**
 * Serves the built web app at `/`: hashed assets cached for a year, index.html never cached, and every
 * unknown non-API GET answered with index.html so client-side routes survive a reload.
 */
export async function registerSpa(
  app: FastifyInstance,
  options: { distDir: string; apiPrefix: string },
): Promise<void> {
  const indexFile = join(options.distDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The cache headers are set below, per file; send's own default would overwrite them.
      cacheControl: false,
      setHeaders(response, path) {
        response.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ distDir: options.distDir }, 'web app not built: run `npm run build:web`; the API still works');
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const api = path === options.apiPrefix || path.startsWith(`${options.apiPrefix}/`);
    const wantsPage = request.method === 'GET' && !api && !request.url.startsWith('/assets/');
    if (!wantsPage) return reply.status(404).send({ msg: apiMessages.notFound });
    if (!built)
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built yet. Run `npm run build:web`, then reload.');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

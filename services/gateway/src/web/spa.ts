import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { apiMessages } from '@bookwright/contracts/http';

/**
 * The public pages pre-rendered at build time (web/build/prerender.ts): path → file in the build. Their
 * text is in the HTML, so crawlers and readers without JavaScript see it.
 */
const prerenderedPages: Record<string, string> = {
  '/': 'index.html',
  '/privacy-policy': 'privacy-policy.html',
  '/terms-of-service': 'terms-of-service.html',
  '/cookies-policy': 'cookies-policy.html',
};
/** The empty, `noindex` shell every other page (the app behind sign-in) starts from. */
const appShell = 'app.html';

/**
 * Serves the built web app at `/`: hashed assets cached for a year, pages never cached, the pre-rendered
 * public pages at their paths, and every other non-API GET or HEAD answered with the app shell so
 * client-side routes survive a reload. Files are sent precompressed (`.br`/`.gz` written by the build)
 * when the client accepts it, with `Vary: Accept-Encoding`.
 */
export async function registerSpa(
  app: FastifyInstance,
  options: { distDir: string; apiPrefix: string },
): Promise<void> {
  const built = existsSync(join(options.distDir, 'index.html'));
  // A build from before pre-rendering has no separate shell: its index.html is the app.
  const shell = existsSync(join(options.distDir, appShell)) ? appShell : 'index.html';
  if (built) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The cache headers are set below, per file; send's own default would overwrite them.
      cacheControl: false,
      preCompressed: true,
      setHeaders(response, path) {
        response.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The same URL is sent as .br, .gz or plain by Accept-Encoding (@fastify/static 9 does not say so).
        response.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn({ distDir: options.distDir }, 'web app not built: run `npm run build:web`; the API still works');
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const api = path === options.apiPrefix || path.startsWith(`${options.apiPrefix}/`);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !api && !path.startsWith('/assets/');
    if (!wantsPage) return reply.status(404).send({ msg: apiMessages.notFound });
    if (!built)
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built yet. Run `npm run build:web`, then reload.');
    const page = prerenderedPages[path];
    if (page) return reply.header('cache-control', 'no-cache').sendFile(page);
    // The app behind sign-in (and unknown pages): not for search engines.
    return reply.header('cache-control', 'no-cache').header('x-robots-tag', 'noindex').sendFile(shell);
  });
}

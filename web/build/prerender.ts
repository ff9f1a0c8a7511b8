import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
// The one rule for the default public address, shared with `npm start` (which builds for the address it serves).
import { publicUrlOf } from '../../scripts/start/builds.mjs';
import { markdownHtml } from './markdown-html.ts';
import { precompressDir } from './precompress.ts';

interface PrerenderModule {
  render(path: string): Promise<string>;
  publicPaths: string[];
  seo: Record<string, { title: string; description: string }>;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Where a pre-rendered page is written in dist: `/` is index.html, `/privacy-policy` privacy-policy.html. */
export const pageFile = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);
/** The empty shell the server answers for every other page (the app): no text, not indexed. */
export const appShellFile = 'app.html';
/** Kept in step with the `seo` table of the content file (the render fails on a path it does not know). */
const publicPages = ['/', '/privacy-policy', '/terms-of-service', '/cookies-policy'];

function headFor(path: string, meta: { title: string; description: string }, siteUrl: string): string {
  const url = new URL(path, siteUrl).href;
  const image = new URL('/og-image.png', siteUrl).href;
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Bookwright" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
  ].join('\n    ');
}

/**
 * After the client build: renders each public page (src/prerender.tsx, built for Node in a temporary
 * directory) into the built index.html, with its title, description, canonical URL and sharing tags, and
 * writes the app shell (app.html, `noindex`) for every other route, sitemap.xml and robots.txt, then
 * precompresses everything. PUBLIC_URL sets the absolute URLs (default http://localhost:<PORT>, as the
 * server's own default; `npm start` passes the address it will serve at).
 */
export function prerender(): Plugin[] {
  let config: ResolvedConfig;
  const preview: Plugin = {
    name: 'bookwright:prerender-preview',
    // `vite preview` (the browser suites) answers like the gateway: public pages from their files, every
    // other page from the app shell.
    configurePreviewServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [path = '/', query] = (request.url ?? '/').split('?');
        const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|assets)\//.test(path);
        if (isPage && !/\.[a-z0-9]+$/i.test(path)) {
          const file = publicPages.includes(path) ? pageFile(path) : appShellFile;
          request.url = `/${file}${query ? `?${query}` : ''}`;
        }
        next();
      });
    },
  };
  const render: Plugin = {
    name: 'bookwright:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      // Inside the project, so the server bundle's bare imports (react, react-router …) resolve.
      const cacheDir = join(config.root, 'node_modules', '.cache');
      await mkdir(cacheDir, { recursive: true });
      const ssrDir = await mkdtemp(join(cacheDir, 'prerender-'));
      try {
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: [react(), markdownHtml()],
          build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, minify: false },
        });
        const module = (await import(pathToFileURL(join(ssrDir, 'prerender.js')).href)) as PrerenderModule;
        const template = await readFile(join(outDir, 'index.html'), 'utf8');
        const siteUrl = publicUrlOf(process.env);
        const withoutHead = template
          .replace(/<title>.*?<\/title>\s*/s, '')
          .replace(/<meta name="description"[^>]*>\s*/, '');
        await writeFile(
          join(outDir, appShellFile),
          withoutHead.replace(
            '<head>',
            '<head>\n    <meta name="robots" content="noindex" />\n    <title>Bookwright</title>',
          ),
        );
        if (module.publicPaths.join() !== publicPages.join())
          throw new Error(
            `The pre-rendered pages changed: update publicPages in build/prerender.ts (and the gateway's spa.ts)`,
          );
        for (const path of module.publicPaths) {
          const body = await module.render(path);
          const html = withoutHead
            .replace('</head>', `    ${headFor(path, module.seo[path]!, siteUrl)}\n  </head>`)
            .replace('<div id="root"></div>', `<div id="root" data-prerendered="${path}">${body}</div>`);
          await writeFile(join(outDir, pageFile(path)), html);
        }
        await writeFile(join(outDir, 'sitemap.xml'), sitemap(module.publicPaths, siteUrl));
        await writeFile(join(outDir, 'robots.txt'), robots(siteUrl));
        // Last, so the pre-rendered pages are compressed too.
        await precompressDir(outDir);
      } finally {
        await rm(ssrDir, { recursive: true, force: true });
      }
    },
  };
  return [render, preview];
}

function sitemap(paths: string[], siteUrl: string): string {
  const urls = paths.map((path) => `  <url><loc>${new URL(path, siteUrl).href}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function robots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /app\nDisallow: /api/\n\nSitemap: ${new URL('/sitemap.xml', siteUrl).href}\n`;
}

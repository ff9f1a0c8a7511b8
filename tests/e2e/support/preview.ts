import { fileURLToPath } from 'node:url';
import { preview, type PreviewServer } from 'vite';

/** Serves a built web app (default web/dist) with Vite's preview server on a free port. */
export async function startPreview(outDir?: string): Promise<{ url: string; close: () => Promise<void> }> {
  const root = fileURLToPath(new URL('../../../web/', import.meta.url));
  const server: PreviewServer = await preview({
    root,
    logLevel: 'silent',
    ...(outDir ? { build: { outDir } } : {}),
    preview: { port: 0, host: '127.0.0.1' },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report its url');
  return { url: url.replace(/\/$/, ''), close: () => server.close() };
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { build } from 'vite';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The web app built for this run (served by the system under test via WEB_DIST_DIR). */
    webDist: string;
  }
}

/**
 * Builds the web app once for the browser suites, with web/vite.config.ts. The output goes to a directory
 * of this run rather than web/dist, so a build started elsewhere at the same time cannot pull the files
 * out from under a running test.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = fileURLToPath(new URL('../../web/', import.meta.url));
  const outDir = await mkdtemp(join(tmpdir(), 'bookwright-web-'));
  // Vitest sets NODE_ENV=test, which Vite would carry into the bundle (React's development build).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  project.provide('webDist', outDir);
  return () => rm(outDir, { recursive: true, force: true });
}

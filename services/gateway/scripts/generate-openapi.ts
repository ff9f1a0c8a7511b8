/**
 * Writes docs/api/openapi.json: the OpenAPI document the gateway serves at /api/v1/docs/json, checked in
 * so integrators can generate a client without running Bookwright (as docs/events/asyncapi.json is for the
 * bus). `services/gateway/scripts/openapi.test.ts` fails when the served document drifts from this copy.
 *
 *   npm run openapi             writes the file
 *   npm run openapi -- --check  exits 1 when the file is out of date
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { createFsBlobStore, createInProcessBus, silentLogger } from '@bookwright/kit';
import { buildGateway } from '../src/app';
import { GatewayConfigSchema } from '../src/config';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const openApiPath = join(root, 'docs', 'api', 'openapi.json');

/**
 * A gateway with the default configuration and no services behind it (a bus call fails fast), for `use`.
 * The document does not depend on configuration: every route is registered whatever is set.
 */
export async function withBareGateway<T>(use: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'openapi-'));
  const logger = silentLogger();
  const bus = createInProcessBus({ logger });
  const config = GatewayConfigSchema.parse({ NODE_ENV: 'test', WEB_DIST_DIR: dir, BUS_TIMEOUT_MS: '200' });
  const app = await buildGateway({ config, logger, bus, blobs: createFsBlobStore({ root: join(dir, 'blobs') }) });
  try {
    return await use(app);
  } finally {
    await app.close();
    await bus.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function servedOpenApiOf(app: FastifyInstance): Promise<Record<string, unknown>> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/docs/json' });
  return JSON.parse(response.body) as Record<string, unknown>;
}

/** The served document. */
export const servedOpenApi = () => withBareGateway(servedOpenApiOf);

/** The file's exact contents: 2-space JSON with a final newline. */
export async function renderOpenApi(): Promise<string> {
  return `${JSON.stringify(await servedOpenApi(), null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = await renderOpenApi();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(openApiPath, 'utf8');
    } catch {
      // Missing counts as out of date.
    }
    if (current !== text) {
      console.error('docs/api/openapi.json is out of date: run `npm run openapi`');
      process.exit(1);
    }
    console.log('docs/api/openapi.json is up to date');
  } else {
    mkdirSync(dirname(openApiPath), { recursive: true });
    writeFileSync(openApiPath, text);
    console.log(`wrote ${openApiPath}`);
  }
}

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError, apiMessages } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { createFsBlobStore, createInProcessBus, silentLogger, type Bus } from '@bookwright/kit';
import { buildGateway } from '../app';
import { GatewayConfigSchema } from '../config';

/** The XSRF token the inject tests' browser holds. */
export const testXsrf = 'test-xsrf-token';
/** The headers of a signed-in browser (`sid=good-token`, user u1), XSRF token echoed, as the web app sends. */
export const signedInHeaders = { cookie: `XSRF-TOKEN=${testXsrf}; sid=good-token`, 'x-xsrf-token': testXsrf };

/** The user service's session check for those headers: `good-token` is user u1's session, anything else 401. */
export function serveTestSession(bus: Bus): Promise<unknown> {
  return bus.serve(requests.user.resolveSession, async ({ token }) => {
    if (token !== 'good-token') throw new AppError(401, apiMessages.unauthenticated);
    return { userId: 'u1', sessionId: 's1', expiresAt: new Date(Date.now() + 60_000).toISOString() };
  });
}

export interface GatewayOnBus {
  app: FastifyInstance;
  bus: Bus;
  /** Closes the gateway and the bus and removes the web and blob directory. */
  close(): Promise<void>;
}

/**
 * The gateway on its own, for inject tests: the services it asks are played by the responders `serve`
 * registers on an in-process bus, the web app is one index page in a directory of its own (with the blob
 * store), and `config` adds to the test configuration.
 */
export async function gatewayOnBus(options: {
  serve: (bus: Bus) => Promise<unknown>[];
  config?: Record<string, string>;
}): Promise<GatewayOnBus> {
  const dir = await mkdtemp(join(tmpdir(), 'gateway-test-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Bookwright</title>');
  const logger = silentLogger();
  const bus = createInProcessBus({ logger });
  await Promise.all(options.serve(bus));
  const config = GatewayConfigSchema.parse({ NODE_ENV: 'test', WEB_DIST_DIR: dir, ...options.config });
  const app = await buildGateway({ config, logger, bus, blobs: createFsBlobStore({ root: join(dir, 'blobs') }) });
  return {
    app,
    bus,
    async close() {
      await app.close();
      await bus.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

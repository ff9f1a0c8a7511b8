import { createServer, type Server } from 'node:http';
import type { Logger } from '../logger/logger';
import { metricsText } from '../metrics/registry';
import type { LivenessReport } from './liveness';

/**
 * The operator's port: `/livez` (liveness: the event loop turns and the consumers take what waits, see
 * liveness.ts; what supervisors restart on), `/healthz` (the process answers at all), `/readyz`
 * (readiness) and `/metrics` (Prometheus text). Kept off the public port so metrics never reach the
 * internet through the gateway.
 */
export function startHealthServer(
  port: number,
  logger: Logger,
  isReady: () => Promise<boolean>,
  isLive: () => Promise<LivenessReport> = async () => ({ live: true, problems: [] }),
): Server {
  const server = createServer((req, res) => {
    const answer = (status: number, body: string, type = 'text/plain') =>
      res.writeHead(status, { 'content-type': type }).end(body);
    const path = (req.url ?? '').split('?')[0];
    if (path === '/healthz') return answer(200, 'ok');
    if (path === '/livez') {
      isLive().then(
        ({ live, problems }) => {
          if (!live) logger.error({ problems }, 'liveness check failed');
          answer(live ? 200 : 503, live ? 'live' : problems.join('\n'));
        },
        (error: unknown) => {
          // The check itself failing (a bug) says nothing about a hang: answered live, and logged.
          logger.warn({ err: error }, 'liveness check could not run');
          answer(200, 'live');
        },
      );
      return;
    }
    if (path === '/readyz') {
      isReady().then(
        (ready) => answer(ready ? 200 : 503, ready ? 'ready' : 'not ready'),
        () => answer(503, 'not ready'),
      );
      return;
    }
    if (path === '/metrics') {
      metricsText().then(
        ({ contentType, body }) => answer(200, body, contentType),
        (error: unknown) => {
          logger.error({ err: error }, 'metrics collection failed');
          answer(500, 'metrics collection failed');
        },
      );
      return;
    }
    answer(404, 'not found');
  });
  server.listen(port, () => logger.debug({ port }, 'health server listening'));
  return server;
}

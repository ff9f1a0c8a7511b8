import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HealthSchema, offlineLlmSetup, type Health } from '@bookwright/contracts/http';
import { requests, type AnyRequestDef } from '@bookwright/contracts/bus';
import type { RouteDeps, RouteReply, RouteRequest } from './route-deps';

/** The services whose health the gateway's readiness includes. */
const serviceHealthChecks: Record<string, AnyRequestDef> = {
  user: requests.user.health,
  billing: requests.billing.health,
  book: requests.book.health,
  planner: requests.planner.health,
  writer: requests.writer.health,
  cover: requests.cover.health,
  export: requests.export.health,
  collab: requests.collab.health,
  webhooks: requests.webhooks.health,
};

const healthTimeoutMs = 2_000;

const getHealthSchema = {
  operationId: 'getHealth',
  tags: ['health'],
  summary: 'Readiness of the gateway and every service',
  response: { 200: HealthSchema, 503: HealthSchema },
};

const getLivenessSchema = {
  operationId: 'getLiveness',
  tags: ['health'],
  summary: 'Liveness',
  response: { 200: z.object({ status: z.literal('ok') }) },
};

/**
 * GET /health (readiness: every service answers) and GET /health/live (liveness: this process runs). Who
 * writes (`llm`) is the writer's answer, as the model's configuration is the writer's: while the writer
 * does not answer, the last answer this replica heard, or `offline` before it heard one.
 */
export function healthRoutes(deps: RouteDeps) {
  let llm: Health['llm'] = 'offline';

  async function getHealth(request: RouteRequest<typeof getHealthSchema>, reply: RouteReply<typeof getHealthSchema>) {
    const entries = await Promise.all(
      Object.entries(serviceHealthChecks).map(async ([name, def]) => {
        try {
          const answer = await deps.ask(request, def, {}, { timeoutMs: healthTimeoutMs });
          if (def === requests.writer.health) llm = (answer as { llm: Health['llm'] }).llm;
          return [name, 'ok'] as const;
        } catch {
          return [name, 'down'] as const;
        }
      }),
    );
    const checks = Object.fromEntries(entries);
    const healthy = entries.every(([, state]) => state === 'ok');
    return reply.status(healthy ? 200 : 503).send({
      status: healthy ? 'ok' : 'degraded',
      mode: deps.config.NATS_URL ? 'distributed' : 'embedded',
      checks,
      llm,
      ...(llm === 'offline' ? { llmSetup: offlineLlmSetup } : {}),
    });
  }

  async function getLiveness() {
    return { status: 'ok' as const };
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/health', { schema: getHealthSchema }, getHealth);
    app.get('/health/live', { schema: getLivenessSchema }, getLiveness);
  };
}

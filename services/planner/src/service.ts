import { events, requests } from '@bookwright/contracts';
import { BaseConfigSchema, defineService, on, type Subscription, serveHealth } from '@bookwright/kit';
import { createLlmProvider, LlmConfigSchema } from '@bookwright/ai';
import type { PlannerHandlerDeps } from './handlers/deps';
import { requestPlan } from './handlers/request-plan';
import { buildPlan } from './handlers/build-plan';
import { suggestMetadata } from './handlers/suggest-metadata';

export const PlannerConfigSchema = BaseConfigSchema.extend(LlmConfigSchema.shape);

const maxDeliver = 4;

/** Turns a plan request into a book plan (bookState) with the LLM. Owns no data. */
export const plannerService = defineService({
  name: 'planner',
  configSchema: PlannerConfigSchema,
  async start({ config, logger, bus }) {
    const llm = createLlmProvider(config, logger);
    const deps: PlannerHandlerDeps = { bus, llm, logger, maxDeliver };
    const subscriptions: Subscription[] = await Promise.all([
      serveHealth(bus, requests.planner.health),
      bus.serve(requests.planner.plan, requestPlan(deps)),
      bus.serve(requests.planner.suggestMetadata, suggestMetadata(deps)),
      // A plan can take minutes with a real model: the ack wait must outlast it, or it is redelivered mid-work.
      bus.consume('planner', [on(events.bookPlanningRequested, buildPlan(deps))], {
        maxDeliver,
        ackWaitMs: 10 * 60_000,
        retryDelayMs: 5_000,
      }),
    ]);
    logger.info({ provider: llm.name, model: llm.model }, 'planner ready');
    return {
      async ready() {
        return true;
      },
      async stop() {
        await Promise.all(subscriptions.map((s) => s.stop()));
      },
    };
  },
});

import type { z } from 'zod';
import { events, requests } from '@bookwright/contracts';
import { BaseConfigSchema, defineService, on, type Logger, type Subscription, serveHealth } from '@bookwright/kit';
import { createLlmProvider, LlmConfigSchema, type LlmProvider } from '@bookwright/ai';
import { createOfflineProvider } from '@bookwright/offline';
import type { PlannerHandlerDeps } from './handlers/deps';
import { buildPlan } from './handlers/build-plan';
import { suggestMetadata } from './handlers/suggest-metadata';

export const PlannerConfigSchema = BaseConfigSchema.extend(LlmConfigSchema.shape);
type PlannerConfig = z.output<typeof PlannerConfigSchema>;

const maxDeliver = 4;

export interface PlannerServiceOptions {
  /** The LLM to plan with; default the provider the configuration names. Tests pass their own. */
  llm?: (config: PlannerConfig, logger: Logger) => LlmProvider;
  /** Delay before a failed planning request is delivered again (tests shorten it). */
  retryDelayMs?: number;
}

/**
 * Turns a planning request into a book plan (bookState) with the LLM, and publishes the plan or the
 * reason it could not. Owns no data and answers no commands.
 */
export function createPlannerService(options: PlannerServiceOptions = {}) {
  return defineService({
    name: 'planner',
    configSchema: PlannerConfigSchema,
    async start({ config, logger, bus }) {
      const llm = options.llm
        ? options.llm(config, logger)
        : createLlmProvider(config, logger, { offline: createOfflineProvider });
      const deps: PlannerHandlerDeps = { bus, llm, logger, maxDeliver };
      const subscriptions: Subscription[] = await Promise.all([
        serveHealth(bus, requests.planner.health),
        bus.serve(requests.planner.suggestMetadata, suggestMetadata(deps)),
        // A plan can take minutes with a real model: the ack wait must outlast it, or it is redelivered mid-work.
        bus.consume('planner', [on(events.bookPlanningRequested, buildPlan(deps))], {
          maxDeliver,
          ackWaitMs: 10 * 60_000,
          retryDelayMs: options.retryDelayMs ?? 5_000,
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
}

export const plannerService = createPlannerService();

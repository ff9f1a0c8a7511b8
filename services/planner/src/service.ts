import { z } from 'zod';
import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import {
  BaseConfigSchema,
  defineService,
  keepWorking,
  on,
  type Logger,
  type Subscription,
  serveHealth,
} from '@bookwright/kit';
import { createLlmProvider, LlmConfigSchema, type LlmProvider } from '@bookwright/ai';
import type { PlannerHandlerDeps } from './handlers/deps';
import { onBookPlanningRequested } from './handlers/on-book-planning-requested';
import { suggestMetadata } from './handlers/suggest-metadata';
import { suggestTranslationTitle } from './handlers/suggest-translation-title';

export const PlannerConfigSchema = BaseConfigSchema.extend({
  ...LlmConfigSchema.shape,
  /**
   * How long a planning request held by a planner that stopped answering (killed, frozen) waits before it
   * goes to another planner. A planner at work says so every third of this, however long the model takes.
   */
  PLANNER_ACK_WAIT_MS: z.coerce.number().int().min(3_000).max(3_600_000).default(60_000),
});
type PlannerConfig = z.output<typeof PlannerConfigSchema>;

export interface PlannerServiceOptions {
  /** The LLM to plan with; default the provider the configuration names. Tests pass their own. */
  llm?: (config: PlannerConfig, logger: Logger) => LlmProvider;
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
      const llm = options.llm ? options.llm(config, logger) : createLlmProvider(config, logger);
      const deps: PlannerHandlerDeps = { bus, llm, logger };
      const subscriptions: Subscription[] = await Promise.all([
        serveHealth(bus, requests.planner.health),
        bus.serve(requests.planner.suggestMetadata, suggestMetadata(deps)),
        bus.serve(requests.planner.suggestTranslationTitle, suggestTranslationTitle(deps)),
        // A plan can take minutes with a real model: the handler keeps its delivery by saying it is still
        // working, so the ack wait can stay short and a request held by a dead planner comes back soon.
        bus.consume(
          'planner',
          [
            on(
              events.bookPlanningRequested,
              keepWorking(onBookPlanningRequested(deps), Math.floor(config.PLANNER_ACK_WAIT_MS / 3)),
            ),
          ],
          // A failed plan comes again after the bus's back-off; its 10th failure fails the book.
          { ackWaitMs: config.PLANNER_ACK_WAIT_MS },
        ),
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

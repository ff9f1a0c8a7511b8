import type { Bus, Logger } from '@bookwright/kit';
import type { LlmProvider } from '@bookwright/ai';

export interface PlannerHandlerDeps {
  bus: Bus;
  llm: LlmProvider;
  logger: Logger;
}

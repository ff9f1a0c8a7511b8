import { Counter, Histogram } from 'prom-client';
import { processRegistry } from '@bookwright/kit';
import type { LlmProvider, LlmUsage } from './llm-provider';

const registers = [processRegistry];
const labelNames = ['provider', 'model', 'purpose', 'outcome'] as const;
const calls = new Counter({
  name: 'bookwright_llm_calls_total',
  help: 'LLM generations (structured or text, retries and repairs inside one), by outcome.',
  labelNames,
  registers,
});
const tokens = new Counter({
  name: 'bookwright_llm_tokens_total',
  help: 'Tokens the model reported, by kind (prompt or completion).',
  labelNames: ['provider', 'model', 'purpose', 'kind'] as const,
  registers,
});
const duration = new Histogram({
  name: 'bookwright_llm_call_duration_seconds',
  help: 'Wall time of one generation, retries included.',
  labelNames,
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160],
  registers,
});

/** The provider with every generation counted and timed, whichever adapter it is. */
export function instrumentLlm(provider: LlmProvider): LlmProvider {
  const measure = async <R extends { usage: LlmUsage }>(purpose: string, work: () => Promise<R>): Promise<R> => {
    const base = { provider: provider.name, model: provider.model, purpose };
    const end = duration.startTimer(base);
    try {
      const result = await work();
      end({ outcome: 'ok' });
      calls.inc({ ...base, outcome: 'ok' });
      tokens.inc({ ...base, kind: 'prompt' }, result.usage.promptTokens);
      tokens.inc({ ...base, kind: 'completion' }, result.usage.completionTokens);
      return result;
    } catch (error) {
      end({ outcome: 'error' });
      calls.inc({ ...base, outcome: 'error' });
      throw error;
    }
  };
  return {
    name: provider.name,
    model: provider.model,
    generateStructured: (schema, schemaName, messages, options) =>
      measure(options.task.kind, () => provider.generateStructured(schema, schemaName, messages, options)),
    generateText: (messages, options) => measure(options.task.kind, () => provider.generateText(messages, options)),
    streamText: (messages, options) => measure(options.task.kind, () => provider.streamText(messages, options)),
  };
}

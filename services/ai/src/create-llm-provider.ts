import { ConfigError, type Logger } from '@bookwright/kit';
import { resolveLlmProviderName, type LlmConfig } from './config';
import type { LlmProvider } from './llm/llm-provider';
import { createOpenAiProvider } from './llm/openai-provider';
import { instrumentLlm } from './llm/llm-metrics';
import { createOfflineProvider } from './llm/offline-provider';

/**
 * Picks the LLM adapter from configuration. The offline writer is for development, demos and tests: a
 * production process without a real model must not start, rather than quietly sell composed text.
 */
export function createLlmProvider(
  config: LlmConfig & { NODE_ENV?: 'development' | 'production' | 'test' | undefined },
  logger: Logger,
): LlmProvider {
  const name = resolveLlmProviderName(config);
  if (name === 'offline') {
    if (config.NODE_ENV === 'production') {
      throw new ConfigError([
        'NODE_ENV=production needs a real LLM: set OPENAI_API_KEY or OPENAI_BASE_URL (LLM_PROVIDER=offline is for development and tests)',
      ]);
    }
    // Information, not a warning: the offline writer is the documented default of a clean checkout, and the
    // one place it would be wrong (production) refuses to start above.
    logger.info('LLM provider: offline (deterministic demo text, no AI model); set OPENAI_API_KEY or OPENAI_BASE_URL');
    return instrumentLlm(createOfflineProvider({ logger, latencyMs: config.LLM_OFFLINE_LATENCY_MS }));
  }
  if (!config.OPENAI_API_KEY && !config.OPENAI_BASE_URL) {
    throw new ConfigError([
      'LLM_PROVIDER=openai needs OPENAI_API_KEY (OpenAI) or OPENAI_BASE_URL (a compatible server)',
    ]);
  }
  logger.info(
    { model: config.LLM_MODEL, baseURL: config.OPENAI_BASE_URL ?? 'https://api.openai.com/v1' },
    'LLM provider: openai-compatible',
  );
  return instrumentLlm(
    createOpenAiProvider({
      ...(config.OPENAI_API_KEY ? { apiKey: config.OPENAI_API_KEY } : {}),
      ...(config.OPENAI_BASE_URL ? { baseURL: config.OPENAI_BASE_URL } : {}),
      model: config.LLM_MODEL,
      logger,
      maxRetries: config.LLM_MAX_RETRIES,
      timeoutMs: config.LLM_TIMEOUT_MS,
      structuredOutputs: config.LLM_STRUCTURED_OUTPUTS,
    }),
  );
}

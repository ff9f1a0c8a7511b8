import { ConfigError, type Logger } from '@bookwright/kit';
import { resolveLlmProviderName, type LlmConfig } from './config';
import type { LlmProvider } from './llm/llm-provider';
import { createOpenAiProvider } from './llm/openai-provider';
import { instrumentLlm } from './llm/llm-metrics';

/** What the offline writer is made with; its adapter lives in @bookwright/offline. */
export interface OfflineLlmOptions {
  logger: Logger;
  /** Delay per call, to make benches and progress displays behave like a slow model. */
  latencyMs: number;
}

/**
 * Adapters this package does not hold. The offline writer implements the port from @bookwright/offline,
 * which depends on this package; the caller passes it in, so the packages never depend on each other both
 * ways (a cycle npm workspaces and turbo refuse).
 */
export interface LlmAdapters {
  offline: (options: OfflineLlmOptions) => LlmProvider;
}

/**
 * Picks the LLM adapter from configuration. The offline writer is for development, demos and tests: a
 * production process without a real model must not start, rather than quietly sell composed text.
 */
export function createLlmProvider(
  config: LlmConfig & { NODE_ENV?: 'development' | 'production' | 'test' | undefined },
  logger: Logger,
  adapters: LlmAdapters,
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
    return instrumentLlm(adapters.offline({ logger, latencyMs: config.LLM_OFFLINE_LATENCY_MS }));
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

import { z } from 'zod';

/**
 * The LLM variables, to be merged into a service's config schema:
 * `BaseConfigSchema.extend(LlmConfigSchema.shape)`. Kept a plain object (no refinements) so that merging
 * keeps every check; the provider default that depends on other variables is resolved by
 * `resolveLlmProviderName`.
 */
export const LlmConfigSchema = z.object({
  /** Default: `openai` when OPENAI_API_KEY or OPENAI_BASE_URL is set, else `offline`. */
  LLM_PROVIDER: z.enum(['openai', 'offline']).optional(),
  OPENAI_API_KEY: z.string().optional(),
  /** Any OpenAI-compatible endpoint, e.g. http://localhost:11434/v1 (Ollama). */
  OPENAI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(20).default(4),
  /** `json_object` for servers that answer json_schema requests with garbage instead of a 400. */
  LLM_STRUCTURED_OUTPUTS: z.enum(['auto', 'json_schema', 'json_object']).default('auto'),
  /** Artificial delay per offline call, for benches and demos of progress reporting. */
  LLM_OFFLINE_LATENCY_MS: z.coerce.number().int().min(0).default(0),
});
export type LlmConfig = z.output<typeof LlmConfigSchema>;

export function resolveLlmProviderName(
  config: Pick<LlmConfig, 'LLM_PROVIDER' | 'OPENAI_API_KEY' | 'OPENAI_BASE_URL'>,
): 'openai' | 'offline' {
  if (config.LLM_PROVIDER) return config.LLM_PROVIDER;
  return config.OPENAI_API_KEY || config.OPENAI_BASE_URL ? 'openai' : 'offline';
}

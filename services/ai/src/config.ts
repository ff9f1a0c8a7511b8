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

/**
 * The image-generation variables (covers), merged like the LLM ones:
 * `BaseConfigSchema.extend(ImagesConfigSchema.shape)`. OPENAI_API_KEY and OPENAI_BASE_URL are shared with
 * the LLM fragment (merging both is fine: the entries are the same). The default provider is resolved by
 * `resolveImagesProviderName`.
 */
export const ImagesConfigSchema = z.object({
  /**
   * Default: `replicate` when REPLICATE_API_TOKEN is set; else `openai` when OPENAI_API_KEY is set and
   * OPENAI_BASE_URL is unset or OpenAI's own (an OpenAI-compatible LLM server rarely has an images API);
   * else `offline`, the typographic cover designer (no network, allowed in production).
   */
  IMAGE_PROVIDER: z.enum(['openai', 'replicate', 'offline']).optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** OpenAI images model: a `gpt-image-1`-class model (sizes 1024x1024, 1024x1536, 1536x1024) or `dall-e-3`. */
  IMAGE_MODEL: z.string().min(1).default('gpt-image-1'),
  /** OpenAI images quality (gpt-image models). */
  IMAGE_QUALITY: z.enum(['auto', 'low', 'medium', 'high']).default('high'),
  REPLICATE_API_TOKEN: z.string().optional(),
  /** `owner/name` (an official model) or `owner/name:version`; a FLUX-class text-to-image model. */
  REPLICATE_MODEL: z
    .string()
    .regex(/^[\w.-]+\/[\w.-]+(:[0-9a-f]{64})?$/, 'must be owner/name or owner/name:<64-hex version>')
    .default('black-forest-labs/flux-1.1-pro'),
  /** Replicate's API; tests point it at a local server. */
  REPLICATE_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** One generation, all attempts included. */
  IMAGE_TIMEOUT_MS: z.coerce.number().int().positive().default(180_000),
  /** Retries after the first attempt on 5xx, timeouts, connection errors and a 429 with a short Retry-After. */
  IMAGE_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
});
export type ImagesConfig = z.output<typeof ImagesConfigSchema>;

export function resolveImagesProviderName(
  config: Pick<ImagesConfig, 'IMAGE_PROVIDER' | 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'REPLICATE_API_TOKEN'>,
): 'openai' | 'replicate' | 'offline' {
  if (config.IMAGE_PROVIDER) return config.IMAGE_PROVIDER;
  if (config.REPLICATE_API_TOKEN) return 'replicate';
  const openAiItself = !config.OPENAI_BASE_URL || new URL(config.OPENAI_BASE_URL).hostname === 'api.openai.com';
  if (config.OPENAI_API_KEY && openAiItself) return 'openai';
  return 'offline';
}

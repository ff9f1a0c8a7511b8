import { describe, expect, it } from 'vitest';
import { BaseConfigSchema, ConfigError, parseConfig, silentLogger } from '@bookwright/kit';
import { LlmConfigSchema, resolveLlmProviderName } from './config';
import { createLlmProvider } from './create-llm-provider';

// How a service uses the fragment: merged into its own schema, parsed once from the environment.
const ServiceConfigSchema = BaseConfigSchema.extend(LlmConfigSchema.shape);
const configFrom = (env: Record<string, string>) => parseConfig(ServiceConfigSchema, env);
const logger = silentLogger();
describe('LLM configuration', () => {
  it('has defaults for everything, and reads numbers from strings', () => {
    const config = configFrom({});
    expect(config).toMatchObject({
      LLM_MODEL: 'gpt-4o-mini',
      LLM_TIMEOUT_MS: 120_000,
      LLM_MAX_RETRIES: 4,
      LLM_STRUCTURED_OUTPUTS: 'auto',
    });
    expect(configFrom({ LLM_TIMEOUT_MS: '5000', LLM_MAX_RETRIES: '0' })).toMatchObject({
      LLM_TIMEOUT_MS: 5000,
      LLM_MAX_RETRIES: 0,
    });
  });

  it('rejects bad values with a clear message', () => {
    expect(() => configFrom({ OPENAI_BASE_URL: 'localhost:11434' })).toThrow(/OPENAI_BASE_URL has a bad value/);
    expect(() => configFrom({ LLM_PROVIDER: 'anthropic' })).toThrow(ConfigError);
    expect(() => configFrom({ LLM_TIMEOUT_MS: 'soon' })).toThrow(/LLM_TIMEOUT_MS/);
  });

  it('defaults the provider to openai when a key or a base URL is set, else offline', () => {
    expect(resolveLlmProviderName(configFrom({}))).toBe('offline');
    expect(resolveLlmProviderName(configFrom({ OPENAI_API_KEY: 'sk-test' }))).toBe('openai');
    expect(resolveLlmProviderName(configFrom({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }))).toBe('openai');
    expect(resolveLlmProviderName(configFrom({ OPENAI_API_KEY: 'sk-test', LLM_PROVIDER: 'offline' }))).toBe('offline');
  });
});

describe('createLlmProvider', () => {
  it('picks the offline writer without a key or URL (development and tests)', () => {
    const provider = createLlmProvider(configFrom({ LLM_OFFLINE_LATENCY_MS: '25' }), logger);
    expect(provider.name).toBe('offline');
    expect(createLlmProvider(configFrom({ NODE_ENV: 'test' }), logger).name).toBe('offline');
  });

  it('picks the openai-compatible provider with a key or a base URL', () => {
    const withKey = createLlmProvider(configFrom({ OPENAI_API_KEY: 'sk-test', LLM_MODEL: 'gpt-4.1' }), logger);
    expect(withKey.name).toBe('openai');
    expect(withKey.model).toBe('gpt-4.1');
    const local = createLlmProvider(
      configFrom({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', NODE_ENV: 'production' }),
      logger,
    );
    expect(local.name).toBe('openai');
  });

  it('refuses the offline writer in production', () => {
    const envs: Record<string, string>[] = [
      { NODE_ENV: 'production' },
      { NODE_ENV: 'production', LLM_PROVIDER: 'offline', OPENAI_API_KEY: 'sk' },
    ];
    for (const env of envs) {
      const error = (() => {
        try {
          createLlmProvider(configFrom(env), logger);
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toContain(
        'NODE_ENV=production needs a real LLM: set OPENAI_API_KEY or OPENAI_BASE_URL',
      );
    }
  });

  it('refuses LLM_PROVIDER=openai with nowhere to send requests', () => {
    expect(() => createLlmProvider(configFrom({ LLM_PROVIDER: 'openai' }), logger)).toThrow(ConfigError);
  });
});

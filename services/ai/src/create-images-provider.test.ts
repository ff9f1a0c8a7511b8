import { describe, expect, it } from 'vitest';
import { BaseConfigSchema, ConfigError, parseConfig, silentLogger } from '@bookwright/kit';
import { ImagesConfigSchema, LlmConfigSchema, resolveImagesProviderName } from './config';
import { createImagesProvider, type ImagesAdapters } from './create-images-provider';
import type { ImagesProvider } from './images/images-provider';

// As a service merges it: next to the LLM fragment (they share OPENAI_API_KEY / OPENAI_BASE_URL).
const Schema = BaseConfigSchema.extend(LlmConfigSchema.shape).extend(ImagesConfigSchema.shape);
const configFrom = (env: Record<string, string>) => parseConfig(Schema, env);
const logger = silentLogger();
// The offline designer is its own package (@bookwright/cover-designer); a stand-in is enough to see it chosen.
const adapters: ImagesAdapters = {
  offline: () => ({ name: 'offline', model: 'typographic-designer-1' }) as ImagesProvider,
};

describe('images configuration', () => {
  it('has defaults for everything', () => {
    expect(configFrom({})).toMatchObject({
      IMAGE_MODEL: 'gpt-image-1',
      IMAGE_QUALITY: 'high',
      REPLICATE_MODEL: 'black-forest-labs/flux-1.1-pro',
      IMAGE_TIMEOUT_MS: 180_000,
      IMAGE_MAX_RETRIES: 2,
    });
  });

  it('rejects bad values with a clear message', () => {
    expect(() => configFrom({ IMAGE_PROVIDER: 'midjourney' })).toThrow(ConfigError);
    expect(() => configFrom({ REPLICATE_MODEL: 'flux' })).toThrow(
      /REPLICATE_MODEL has a bad value: must be owner\/name/,
    );
    expect(() => configFrom({ REPLICATE_BASE_URL: 'api.replicate.com' })).toThrow(/REPLICATE_BASE_URL/);
    expect(configFrom({ REPLICATE_MODEL: `black-forest-labs/flux-dev:${'a'.repeat(64)}` }).REPLICATE_MODEL).toContain(
      ':',
    );
  });

  it('defaults to Replicate with a token, to OpenAI with an OpenAI key, else to the offline designer', () => {
    expect(resolveImagesProviderName(configFrom({}))).toBe('offline');
    expect(resolveImagesProviderName(configFrom({ REPLICATE_API_TOKEN: 'r8_x' }))).toBe('replicate');
    expect(resolveImagesProviderName(configFrom({ OPENAI_API_KEY: 'sk-x' }))).toBe('openai');
    expect(
      resolveImagesProviderName(configFrom({ OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: 'https://api.openai.com/v1' })),
    ).toBe('openai');
    // A key for an OpenAI-compatible LLM server (OpenRouter, Ollama …) says nothing about images.
    expect(
      resolveImagesProviderName(
        configFrom({ OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: 'https://openrouter.ai/api/v1' }),
      ),
    ).toBe('offline');
    expect(resolveImagesProviderName(configFrom({ REPLICATE_API_TOKEN: 'r8_x', IMAGE_PROVIDER: 'offline' }))).toBe(
      'offline',
    );
  });
});

describe('createImagesProvider', () => {
  it('builds the provider the configuration names', () => {
    expect(createImagesProvider(configFrom({}), logger, adapters)).toMatchObject({ name: 'offline' });
    expect(createImagesProvider(configFrom({ NODE_ENV: 'production' }), logger, adapters)).toMatchObject({
      name: 'offline',
    });
    expect(
      createImagesProvider(configFrom({ OPENAI_API_KEY: 'sk-x', IMAGE_MODEL: 'dall-e-3' }), logger, adapters),
    ).toMatchObject({
      name: 'openai',
      model: 'dall-e-3',
    });
    expect(createImagesProvider(configFrom({ REPLICATE_API_TOKEN: 'r8_x' }), logger, adapters)).toMatchObject({
      name: 'replicate',
      model: 'black-forest-labs/flux-1.1-pro',
    });
  });

  it('refuses a named provider it cannot reach', () => {
    expect(() => createImagesProvider(configFrom({ IMAGE_PROVIDER: 'replicate' }), logger, adapters)).toThrow(
      /needs REPLICATE_API_TOKEN/,
    );
    expect(() => createImagesProvider(configFrom({ IMAGE_PROVIDER: 'openai' }), logger, adapters)).toThrow(
      /needs OPENAI_API_KEY/,
    );
  });
});

import { ConfigError, type Logger } from '@bookwright/kit';
import { resolveImagesProviderName, type ImagesConfig } from './config';
import type { ImagesProvider } from './images/images-provider';
import { createOpenAiImagesProvider } from './images/openai-images-provider';
import { createReplicateProvider } from './images/replicate-provider';

/** Adapters this package does not hold: the typographic cover designer is its own package (@bookwright/cover-designer). */
export interface ImagesAdapters {
  offline: (options: { logger: Logger }) => ImagesProvider;
}

/**
 * Picks the images adapter from configuration. Unlike the offline LLM, the offline cover designer is a
 * real product (typographic covers an author can publish), so it is allowed in production too.
 */
export function createImagesProvider(config: ImagesConfig, logger: Logger, adapters: ImagesAdapters): ImagesProvider {
  const name = resolveImagesProviderName(config);
  const common = { logger, maxRetries: config.IMAGE_MAX_RETRIES, timeoutMs: config.IMAGE_TIMEOUT_MS };
  if (name === 'replicate') {
    if (!config.REPLICATE_API_TOKEN) {
      throw new ConfigError(['IMAGE_PROVIDER=replicate needs REPLICATE_API_TOKEN']);
    }
    logger.info({ model: config.REPLICATE_MODEL }, 'images provider: replicate');
    return createReplicateProvider({
      ...common,
      auth: config.REPLICATE_API_TOKEN,
      model: config.REPLICATE_MODEL,
      ...(config.REPLICATE_BASE_URL ? { baseUrl: config.REPLICATE_BASE_URL } : {}),
    });
  }
  if (name === 'openai') {
    if (!config.OPENAI_API_KEY && !config.OPENAI_BASE_URL) {
      throw new ConfigError([
        'IMAGE_PROVIDER=openai needs OPENAI_API_KEY (OpenAI) or OPENAI_BASE_URL (a compatible server)',
      ]);
    }
    logger.info(
      { model: config.IMAGE_MODEL, baseURL: config.OPENAI_BASE_URL ?? 'https://api.openai.com/v1' },
      'images provider: openai',
    );
    return createOpenAiImagesProvider({
      ...common,
      ...(config.OPENAI_API_KEY ? { apiKey: config.OPENAI_API_KEY } : {}),
      ...(config.OPENAI_BASE_URL ? { baseURL: config.OPENAI_BASE_URL } : {}),
      model: config.IMAGE_MODEL,
      quality: config.IMAGE_QUALITY,
    });
  }
  logger.info(
    'images provider: offline typographic cover designer (set REPLICATE_API_TOKEN or OPENAI_API_KEY for AI art)',
  );
  return adapters.offline({ logger });
}

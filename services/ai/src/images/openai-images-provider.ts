import type * as OpenAiSdk from 'openai';
import type { ImageGenerateParamsNonStreaming } from 'openai/resources/images';
import type { Logger } from '@bookwright/kit';
import { retryAfterMs } from '../llm/retry';
import { lazyOpenAiClient, loadOpenAiSdk } from '../openai-sdk';
import { AttemptFailure, downloadImage, withAttempts } from './attempts';
import { ImagesError, type CoverDimensions, type ImagesProvider } from './images-provider';

export interface OpenAiImagesProviderOptions {
  apiKey?: string;
  /** Default OpenAI's API. */
  baseURL?: string;
  /** `gpt-image-1`-class (default) or `dall-e-3`. */
  model?: string;
  quality?: 'auto' | 'low' | 'medium' | 'high';
  logger: Logger;
  /** Retries after the first attempt. Default 2. */
  maxRetries?: number;
  /** The whole generation. Default 180 s. */
  timeoutMs?: number;
  /** First backoff step. Default 2 s (tests use a few ms). */
  retryBaseDelayMs?: number;
  /** Longest single wait; a 429 asking for longer fails at once. Default 20 s. */
  maxRetryDelayMs?: number;
}

/** dall-e-3 has no 1024x1536: its portrait and landscape sizes are the nearest shapes. */
const dallE3Sizes: Record<CoverDimensions, '1024x1024' | '1024x1792' | '1792x1024'> = {
  '1024x1024': '1024x1024',
  '1024x1536': '1024x1792',
  '1536x1024': '1792x1024',
};

/**
 * The images port over the official `openai` SDK (`images.generate`). gpt-image models take the spec's three
 * dimensions as they are and answer base64 PNG; dall-e-3 is asked for base64 too. The SDK's retries are
 * off: `withAttempts` retries 5xx, timeouts, connection errors and a 429 whose Retry-After is short.
 */
export function createOpenAiImagesProvider(options: OpenAiImagesProviderOptions): ImagesProvider {
  const model = options.model ?? 'gpt-image-1';
  const timeoutMs = options.timeoutMs ?? 180_000;
  const client = lazyOpenAiClient({
    apiKey: options.apiKey ?? 'no-key',
    baseURL: options.baseURL ?? 'https://api.openai.com/v1',
    maxRetries: 0,
    timeout: timeoutMs,
  });

  function body(prompt: string, size: CoverDimensions): ImageGenerateParamsNonStreaming {
    if (model.startsWith('dall-e-3')) {
      return { model, prompt, n: 1, size: dallE3Sizes[size], quality: 'hd', response_format: 'b64_json' };
    }
    if (model.startsWith('dall-e')) return { model, prompt, n: 1, size: '1024x1024', response_format: 'b64_json' };
    // gpt-image-*: always base64; output_format and quality are theirs.
    return { model, prompt, n: 1, size, quality: options.quality ?? 'high', output_format: 'png' };
  }

  return {
    name: 'openai',
    model,
    async generateImage(request) {
      const started = Date.now();
      const data = await withAttempts(
        {
          maxRetries: options.maxRetries ?? 2,
          timeoutMs,
          baseDelayMs: options.retryBaseDelayMs ?? 2_000,
          maxDelayMs: options.maxRetryDelayMs ?? 20_000,
          logger: options.logger,
          provider: 'openai images',
          signal: request.signal,
          requestId: request.requestId,
        },
        async (signal) => {
          const openai = await client();
          try {
            const response = await openai.images.generate(body(request.prompt, request.size), {
              signal,
              maxRetries: 0,
              timeout: timeoutMs,
            });
            const image = response.data?.[0];
            if (image?.b64_json) return Buffer.from(image.b64_json, 'base64');
            if (image?.url) return await downloadImage(image.url, signal);
            throw new AttemptFailure(new ImagesError('OpenAI answered without an image', 'unavailable'), true);
          } catch (error) {
            throw classify(error, await loadOpenAiSdk());
          }
        },
      );
      options.logger.info(
        { provider: 'openai', model, size: request.size, ms: Date.now() - started, requestId: request.requestId },
        'cover image generated',
      );
      return { data, provider: 'openai', model, typeset: false };
    },
  };
}

function classify(error: unknown, sdk: typeof OpenAiSdk): unknown {
  const { APIConnectionError, APIError, APIUserAbortError } = sdk;
  if (error instanceof AttemptFailure) return error;
  if (error instanceof ImagesError) return new AttemptFailure(error, error.kind === 'unavailable');
  // Our own abort (timeout or the caller's): withAttempts reports it.
  if (error instanceof APIUserAbortError) return error;
  if (error instanceof APIConnectionError) {
    return new AttemptFailure(
      new ImagesError(`OpenAI images: ${error.message}`, 'unavailable', { cause: error }),
      true,
    );
  }
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    const message = `OpenAI images answered ${status}: ${error.message}`;
    if (status === 429) {
      // insufficient_quota is a 429 that no wait fixes.
      const quota = error.code === 'insufficient_quota';
      return new AttemptFailure(
        new ImagesError(message, 'rate-limited', { cause: error, status }),
        !quota,
        retryAfterMs(error.headers),
      );
    }
    if (status === 400 || status === 422) {
      return new AttemptFailure(new ImagesError(message, 'rejected', { cause: error, status }), false);
    }
    if (status === 401 || status === 403 || status === 404) {
      return new AttemptFailure(new ImagesError(message, 'misconfigured', { cause: error, status }), false);
    }
    return new AttemptFailure(
      new ImagesError(message, 'unavailable', { cause: error, status }),
      status >= 500 || status === 408 || status === 409,
    );
  }
  return error;
}

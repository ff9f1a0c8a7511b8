import { cutAtGrapheme } from '@bookwright/contracts/text';
import type { default as Replicate, Prediction } from 'replicate';
import type { Logger } from '@bookwright/kit';
import { retryAfterMs, sleep } from '../llm/retry';
import { AttemptFailure, downloadImage, withAttempts } from './attempts';
import { aspectRatioOf, ImagesError, type ImagesProvider } from './images-provider';

export interface ReplicateProviderOptions {
  auth: string;
  /** Default `black-forest-labs/flux-1.1-pro`; `owner/name` (official model) or `owner/name:version`. */
  model?: string;
  /** Default Replicate's API; tests point it at a local server. */
  baseUrl?: string;
  logger: Logger;
  maxRetries?: number;
  timeoutMs?: number;
  retryBaseDelayMs?: number;
  maxRetryDelayMs?: number;
  /** Between status polls once the synchronous wait is over. Default 1 s. */
  pollIntervalMs?: number;
}

// The `replicate` SDK is loaded by the first generation, so a process configured without Replicate never
// loads it.
let replicateSdk: Promise<typeof Replicate> | undefined;
const loadReplicate = () => (replicateSdk ??= import('replicate').then((loaded) => loaded.default));

const terminal = new Set(['succeeded', 'failed', 'canceled', 'aborted']);
/** Words Replicate's models use when their safety checker refuses a prompt or an output. */
const refusal = /nsfw|safety|sensitive|content polic|flagged|moderat/i;

/**
 * The images port over the official `replicate` SDK and a FLUX-class model: the prediction is created with
 * `Prefer: wait` (most finish within it), polled until it is done, and its output file downloaded. The
 * aspect ratio comes from the spec's dimensions (FLUX chooses the pixel size itself).
 */
export function createReplicateProvider(options: ReplicateProviderOptions): ImagesProvider {
  const model = options.model ?? 'black-forest-labs/flux-1.1-pro';
  const [ref, version] = model.split(':') as [string, string | undefined];
  let client: Promise<Replicate> | undefined;
  const clientOf = () =>
    (client ??= loadReplicate().then(
      (Sdk) =>
        new Sdk({
          auth: options.auth,
          userAgent: 'bookwright-cover',
          ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
        }),
    ));
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;

  async function cancel(id: string): Promise<void> {
    await (await clientOf()).predictions.cancel(id, { signal: AbortSignal.timeout(10_000) }).catch((error: unknown) => {
      options.logger.warn({ err: error, predictionId: id }, 'could not cancel the Replicate prediction');
    });
  }

  return {
    name: 'replicate',
    model,
    async generateImage(request) {
      const started = Date.now();
      const input = { prompt: request.prompt, aspect_ratio: aspectRatioOf(request.size), output_format: 'png' };
      const data = await withAttempts(
        {
          maxRetries: options.maxRetries ?? 2,
          timeoutMs: options.timeoutMs ?? 180_000,
          baseDelayMs: options.retryBaseDelayMs ?? 2_000,
          maxDelayMs: options.maxRetryDelayMs ?? 20_000,
          logger: options.logger,
          provider: 'replicate',
          signal: request.signal,
          requestId: request.requestId,
        },
        async (signal) => {
          let prediction: Prediction | undefined;
          try {
            const replicate = await clientOf();
            prediction = await replicate.predictions.create({
              ...(version ? { version } : { model: ref }),
              input,
              wait: 60,
              signal,
            });
            while (!terminal.has(prediction.status)) {
              await sleep(pollIntervalMs, signal);
              prediction = await replicate.predictions.get(prediction.id, { signal });
            }
            if (prediction.status !== 'succeeded') {
              const reason = String(prediction.error ?? prediction.status);
              const kind = refusal.test(reason) ? 'rejected' : 'unavailable';
              throw new AttemptFailure(
                new ImagesError(`Replicate prediction ${prediction.status}: ${reason}`, kind),
                kind === 'unavailable',
              );
            }
            const output: unknown = prediction.output;
            const url = typeof output === 'string' ? output : Array.isArray(output) ? output[0] : undefined;
            if (typeof url !== 'string') {
              throw new AttemptFailure(new ImagesError('Replicate answered without an image', 'unavailable'), true);
            }
            return await downloadImage(url, signal);
          } catch (error) {
            if (signal.aborted && prediction && !terminal.has(prediction.status)) await cancel(prediction.id);
            throw classify(error);
          }
        },
      );
      options.logger.info(
        { provider: 'replicate', model, size: request.size, ms: Date.now() - started, requestId: request.requestId },
        'cover image generated',
      );
      return { data, provider: 'replicate', model, typeset: false };
    },
  };
}

/** The SDK's ApiError (not exported by its CommonJS entry): the failed Response is attached. */
function apiResponseOf(error: unknown): Response | undefined {
  if (error instanceof Error && error.name === 'ApiError') {
    const response = (error as Error & { response?: unknown }).response;
    if (response instanceof Response) return response;
  }
  return undefined;
}

function classify(error: unknown): unknown {
  if (error instanceof AttemptFailure) return error;
  if (error instanceof ImagesError) return new AttemptFailure(error, error.kind === 'unavailable');
  const response = apiResponseOf(error);
  if (response) {
    const status = response.status;
    const message = `Replicate answered ${status}: ${cutAtGrapheme((error as Error).message, 500)}`;
    if (status === 429) {
      return new AttemptFailure(
        new ImagesError(message, 'rate-limited', { cause: error, status }),
        true,
        retryAfterMs(response.headers),
      );
    }
    if (status === 400 || status === 422) {
      return new AttemptFailure(new ImagesError(message, 'rejected', { cause: error, status }), false);
    }
    if (status === 401 || status === 402 || status === 403 || status === 404) {
      return new AttemptFailure(new ImagesError(message, 'misconfigured', { cause: error, status }), false);
    }
    return new AttemptFailure(new ImagesError(message, 'unavailable', { cause: error, status }), true);
  }
  if (error instanceof Error && error.name === 'AbortError') return error;
  if (error instanceof TypeError) {
    // fetch's network failures (connection refused, reset, DNS).
    return new AttemptFailure(new ImagesError(`Replicate: ${error.message}`, 'unavailable', { cause: error }), true);
  }
  return error;
}

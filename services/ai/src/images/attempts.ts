import type { Logger } from '@bookwright/kit';
import { backoffDelay, sleep } from '../llm/retry';
import { ImagesError } from './images-provider';

/** One failed attempt, as a provider classified it: the error to give up with, and whether to try again. */
export class AttemptFailure extends Error {
  constructor(
    readonly error: ImagesError,
    readonly retry: boolean,
    /** The server's own wait hint. */
    readonly retryAfterMs?: number,
  ) {
    super(error.message, { cause: error });
    this.name = 'AttemptFailure';
  }
}

export interface AttemptOptions {
  maxRetries: number;
  /** The whole generation, every attempt and wait included. */
  timeoutMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
  logger: Logger;
  provider: string;
  signal?: AbortSignal | undefined;
  requestId?: string | undefined;
}

/**
 * Runs `attempt` until it succeeds, fails for good or the time is up. `attempt` throws AttemptFailure for
 * the failures it understood; anything else is a bug and propagates as is. A caller's abort propagates
 * as the abort reason; the timeout becomes ImagesError('unavailable').
 */
export async function withAttempts<T>(
  options: AttemptOptions,
  attempt: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const timedOut = () =>
    new ImagesError(`${options.provider}: no image within ${Math.round(options.timeoutMs / 1000)} s`, 'unavailable');
  for (let number = 1; ; number += 1) {
    try {
      return await attempt(signal);
    } catch (caught) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (deadline.aborted) throw timedOut();
      if (!(caught instanceof AttemptFailure)) throw caught;
      const wait = caught.retryAfterMs ?? backoffDelay(number, options.baseDelayMs, options.maxDelayMs);
      if (!caught.retry || number > options.maxRetries || wait > options.maxDelayMs) throw caught.error;
      options.logger.warn(
        { provider: options.provider, attempt: number, waitMs: wait, err: caught.error, requestId: options.requestId },
        'image generation failed; trying again',
      );
      try {
        await sleep(wait, signal);
      } catch {
        if (options.signal?.aborted) throw options.signal.reason;
        throw timedOut();
      }
    }
  }
}

/** Fetches an image the provider points at (its CDN), refusing anything that is not a plain http(s) image. */
export async function downloadImage(url: string, signal: AbortSignal, maxBytes = 30 * 1024 * 1024): Promise<Buffer> {
  if (url.startsWith('data:')) {
    const match = /^data:image\/[\w.+-]+;base64,(.*)$/s.exec(url);
    if (!match) throw new ImagesError('the provider answered an unreadable data: URL', 'unavailable');
    return Buffer.from(match[1] ?? '', 'base64');
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ImagesError('the provider answered without a usable image URL', 'unavailable');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new ImagesError(`the provider answered an image URL of scheme ${parsed.protocol}`, 'unavailable');
  }
  const response = await fetch(parsed, { signal, redirect: 'follow' });
  if (!response.ok || !response.body) {
    throw new ImagesError(`downloading the image failed with HTTP ${response.status}`, 'unavailable', {
      status: response.status,
    });
  }
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new ImagesError('the generated image is unreasonably large', 'unavailable');
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new ImagesError('the generated image is unreasonably large', 'unavailable');
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

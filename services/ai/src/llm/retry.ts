/**
 * Exponential backoff with jitter: attempt 1 waits about `baseMs`, each further attempt twice as long, capped
 * at `maxMs`. The jitter (a random 50–100 % of the step) keeps many writers that failed together from
 * retrying together.
 */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const step = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + (random() * step) / 2);
}

/**
 * The server's own wait hint, in milliseconds: `retry-after-ms` (OpenAI's, non-standard), or `Retry-After`
 * as seconds or an HTTP date. Undefined when absent or unreadable.
 */
export function retryAfterMs(headers: Headers | undefined, now: number = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  if (Number.isFinite(date)) return Math.max(0, date - now);
  return undefined;
}

/** Waits `ms`, or rejects with the signal's reason as soon as the caller aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

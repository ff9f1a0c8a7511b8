/** Attempts per delivery: the first and seven retries (decision 0046). */
export const maxAttempts = 8;

/**
 * The delay before the attempt after `attemptsMade` failed ones: base × 4^(attemptsMade-1), ±10 % jitter
 * so endpoints that failed together are not called again together. With the default base of 45 s the
 * seven retries come after 45 s, 3 min, 12 min, 48 min, 3.2 h, 12.8 h and 51 h: about 3 days in all.
 * undefined when no attempt is left.
 */
export function nextRetryDelayMs(attemptsMade: number, baseMs: number, random: () => number = Math.random) {
  if (attemptsMade >= maxAttempts) return undefined;
  const delay = baseMs * 4 ** (attemptsMade - 1);
  return Math.round(delay * (0.9 + 0.2 * random()));
}

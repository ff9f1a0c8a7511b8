import { isDatabaseUnavailable } from '../db/connection-errors';
import type { ConsumeOptions } from './bus';

/*
 * When a delivery comes again, and when it is given up on: the one rule both adapters follow (decision
 * 0049). No consumer has a delivery limit: a message is acked, dead-lettered, or delivered again.
 */

/** Failed handler tries after which an event goes to its consumer's dead letters. The one owner of this number. */
export const HANDLER_TRIES_BEFORE_DEAD_LETTER = 10;

/**
 * Pause before each redelivery of a failed delivery: the n-th entry after the n-th try, the last repeated
 * for ever. Ten tries take about six minutes, so a dependency restarting is waited out well before a
 * message is called poison.
 */
export const DEFAULT_REDELIVERY_BACKOFF_MS: readonly number[] = [1_000, 5_000, 15_000, 30_000, 60_000];

/** How long a delivery may stay un-acked before it is redelivered. */
export const DEFAULT_ACK_WAIT_MS = 30_000;

export interface ResolvedConsumeOptions {
  ackWaitMs: number;
  backoffMs: readonly number[];
}

export function resolveConsumeOptions(
  options: ConsumeOptions | undefined,
  busBackoffMs: readonly number[] = DEFAULT_REDELIVERY_BACKOFF_MS,
): ResolvedConsumeOptions {
  const resolved = {
    ackWaitMs: options?.ackWaitMs ?? DEFAULT_ACK_WAIT_MS,
    backoffMs: options?.backoffMs ?? busBackoffMs,
  };
  if (!(resolved.ackWaitMs > 0)) throw new Error('ackWaitMs must be > 0');
  assertBackoff(resolved.backoffMs);
  return resolved;
}

export function assertBackoff(backoffMs: readonly number[]): void {
  if (backoffMs.length === 0 || !backoffMs.every((ms) => Number.isInteger(ms) && ms >= 0))
    throw new Error('a redelivery back-off is a non-empty list of whole milliseconds >= 0');
}

/** The pause before delivery `deliveryCount + 1` of a delivery that failed. */
export function retryDelayMs(config: ResolvedConsumeOptions, deliveryCount: number): number {
  const { backoffMs } = config;
  return backoffMs[Math.min(Math.max(deliveryCount, 1), backoffMs.length) - 1] ?? 0;
}

/**
 * The ack wait of each delivery: the first gets the plain ack wait; a redelivery that is never answered
 * either (its process killed, its handler hung) waits that plus its back-off step, so a message that
 * crashes its consumer does not come back at full speed. On NATS this list is the consumer's `backoff`
 * (which JetStream applies to ack timeouts only, never to a nak).
 */
export function ackWaitsMs(config: ResolvedConsumeOptions): number[] {
  return [config.ackWaitMs, ...config.backoffMs.map((step) => config.ackWaitMs + step)];
}

export function ackWaitMs(config: ResolvedConsumeOptions, deliveryCount: number): number {
  const waits = ackWaitsMs(config);
  return waits[Math.min(Math.max(deliveryCount, 1), waits.length) - 1] ?? config.ackWaitMs;
}

/** What becomes of a delivery whose handler threw. */
export type FailedDeliveryOutcome = { retryInMs: number } | 'dead-letter';

/**
 * An unreachable database is nobody's verdict on the message: it is redelivered for ever. Any other failure
 * is tried `HANDLER_TRIES_BEFORE_DEAD_LETTER` times, then dead-lettered.
 */
export function afterFailure(
  config: ResolvedConsumeOptions,
  deliveryCount: number,
  error: unknown,
): FailedDeliveryOutcome {
  if (deliveryCount >= HANDLER_TRIES_BEFORE_DEAD_LETTER && !isDatabaseUnavailable(error)) return 'dead-letter';
  return { retryInMs: retryDelayMs(config, deliveryCount) };
}

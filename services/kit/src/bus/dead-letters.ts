import { Counter } from 'prom-client';
import type { Logger } from '../logger/logger';
import { processRegistry } from '../metrics/registry';
import type { DeadLetter } from './bus';
import type { DecodedEvent } from './wire';

/*
 * What both adapters do when they give a message up: the same record, the same log line, the same metric
 * (docs/runbooks/dead-letters.md says how to read and replay them, decision 0049 why).
 */

const deadLettered = new Counter({
  name: 'bookwright_bus_dead_letters_total',
  help: 'Events moved to a consumer\'s dead letters (reason "invalid": it broke the contract; "handler-failed": its handler failed 10 times).',
  labelNames: ['consumer', 'event', 'reason'] as const,
  registers: [processRegistry],
});

/** The dead letter minus what its store assigns (its place in the store). */
export type NewDeadLetter = Omit<DeadLetter, 'seq'>;

/** The error as an operator reads it: message and, for a contract break, the first issue's path. */
export function describeError(error: unknown): string {
  const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] } | undefined)?.issues;
  if (Array.isArray(issues))
    return issues.map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`).join('; ');
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? 'unknown error');
}

/** The id a replay publishes under: new to the event stream's dedup window, the same if a replay is retried. */
export const replayMessageId = (letter: Pick<DeadLetter, 'consumer' | 'streamSeq'>): string =>
  `dead-letter:${letter.consumer}:${letter.streamSeq}:replay`;

/** The error-level log line and the metric an operator alerts on. */
export function announceDeadLetter(logger: Logger, letter: NewDeadLetter): void {
  deadLettered.inc({ consumer: letter.consumer, event: letter.event, reason: letter.reason });
  logger.error(
    {
      deadLetter: true,
      consumer: letter.consumer,
      subject: letter.subject,
      eventId: letter.eventId,
      reason: letter.reason,
      error: letter.error,
      tries: letter.tries,
    },
    'event dead-lettered',
  );
}

/** Why a stored event could not be handed to its handler at all. */
export const invalidEventError = (decoded: Extract<DecodedEvent, { ok: false }>): string =>
  decoded.error === undefined ? decoded.reason : `${decoded.reason}: ${describeError(decoded.error)}`;

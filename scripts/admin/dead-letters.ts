import { BaseConfigSchema, createBus, type Bus, type DeadLetter, type Logger } from '@bookwright/kit';
import type { AdminResult } from './result';

export const deadLetterUsage = [
  "  dlq list <service>     show the dead letters of a service's consumer (distributed mode: NATS_URL)",
  '  dlq replay <service>   publish them again on their subjects and remove them from the dead letters',
];

/**
 * `dlq list|replay <service>`: the operator's view of `DLQ.<service>` (docs/runbooks/dead-letters.md).
 * In distributed mode the dead letters are a JetStream stream, reached through the bus like any service.
 * In embedded mode they live in the app's own process, like its whole event log, and a second process
 * cannot reach them (decision 0049): the command says so instead of showing an empty list.
 */
export async function runDeadLetters(rest: string[], env: NodeJS.ProcessEnv, logger: Logger): Promise<AdminResult> {
  const [action, service] = rest;
  if (!service || rest.length !== 2 || (action !== 'list' && action !== 'replay'))
    return { exitCode: 2, output: deadLetterUsage.join('\n') };
  const config = BaseConfigSchema.parse(env);
  if (!config.NATS_URL)
    return {
      exitCode: 2,
      output:
        'Embedded mode keeps dead letters in the app process: see its "event dead-lettered" log lines. Set NATS_URL for the distributed bus.',
    };
  const bus = await createBus({ natsUrl: config.NATS_URL, namespace: config.BUS_NAMESPACE, logger, name: 'admin' });
  try {
    return await deadLetterCommand(bus, action, service);
  } finally {
    await bus.close();
  }
}

/** The command on any bus: the code path the tests run against the in-process bus. */
export async function deadLetterCommand(
  bus: Pick<Bus, 'deadLetters' | 'replayDeadLetters'>,
  action: 'list' | 'replay',
  service: string,
): Promise<AdminResult> {
  if (action === 'replay') {
    const replayed = await bus.replayDeadLetters(service);
    return { exitCode: 0, output: `${replayed} dead letter${replayed === 1 ? '' : 's'} of ${service} replayed` };
  }
  const letters = await bus.deadLetters(service);
  if (letters.length === 0) return { exitCode: 0, output: `${service} has no dead letters` };
  return { exitCode: 0, output: letters.map(describeDeadLetter).join('\n\n') };
}

/** One dead letter for a terminal: what, why, how often, then the message itself. */
export function describeDeadLetter(letter: DeadLetter): string {
  return [
    `#${letter.seq} ${letter.event} on ${letter.subject} (event ${letter.eventId ?? 'unreadable'})`,
    `  ${letter.reason} after ${letter.tries} ${letter.tries === 1 ? 'try' : 'tries'}, ${letter.deadAt}: ${letter.error}`,
    `  headers ${JSON.stringify(letter.headers)}`,
    `  payload ${letter.payload}`,
  ].join('\n');
}

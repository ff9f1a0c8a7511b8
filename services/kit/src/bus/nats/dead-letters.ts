import { nanos } from '@nats-io/transport-node';
import {
  DiscardPolicy,
  RetentionPolicy,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
} from '@nats-io/jetstream';
import type { DeadLetter } from '../bus';
import { replayMessageId, type NewDeadLetter } from '../dead-letters';
import { DEDUP_WINDOW_MS } from '../wire';
import { ensureStream } from './jetstream-setup';
import { deadLetterStreamName, deadLetterSubject } from './names';

/** Long enough for an operator to come back from a holiday: a dead letter is work someone must look at. */
export const DEAD_LETTER_RETENTION_MS = 30 * 24 * 60 * 60_000;

/**
 * Each consumer's dead letters as a JetStream stream, `<NS>_DLQ_<durable>` on subject
 * `<ns>.DLQ.<durable>`, created by its first dead letter. A message body is the dead letter as JSON
 * (without its `seq`, which is the stream sequence); its `Nats-Msg-Id` is the consumer and the event's
 * stream sequence, so a message dead-lettered twice (the process died before terminating it) is kept once.
 */
/** What the dead letters need of their bus: its JetStream handles and its namespace's subjects. */
export interface DeadLetterContext {
  js: JetStreamClient;
  jsm: JetStreamManager;
  namespace: string;
  /** The namespaced subject of a bare one. */
  subject: (bare: string) => string;
}

export class NatsDeadLetters {
  readonly #ready = new Set<string>();

  constructor(private readonly context: DeadLetterContext) {}

  async store(letter: NewDeadLetter): Promise<void> {
    await this.#ensure(letter.consumer);
    await this.context.js.publish(deadLetterSubject(this.context.namespace, letter.consumer), JSON.stringify(letter), {
      msgID: `${letter.consumer}:${letter.streamSeq}`,
    });
  }

  async list(durable: string): Promise<DeadLetter[]> {
    const stream = deadLetterStreamName(this.context.namespace, durable);
    const info = await this.context.jsm.streams.info(stream).catch(() => undefined);
    if (!info || info.state.messages === 0) return [];
    const letters: DeadLetter[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq += 1) {
      const stored = await this.context.jsm.streams.getMessage(stream, { seq }).catch(() => null);
      if (stored) letters.push({ ...(stored.json() as NewDeadLetter), seq });
    }
    return letters;
  }

  /** Each letter published again on its subject, then deleted; a failure stops the replay with the rest kept. */
  async replay(durable: string): Promise<number> {
    const stream = deadLetterStreamName(this.context.namespace, durable);
    const letters = await this.list(durable);
    for (const letter of letters) {
      await this.context.js.publish(this.context.subject(letter.subject), letter.payload, {
        msgID: replayMessageId(letter),
      });
      await this.context.jsm.streams.deleteMessage(stream, letter.seq);
    }
    return letters.length;
  }

  async #ensure(durable: string): Promise<void> {
    if (this.#ready.has(durable)) return;
    await ensureDeadLetterStream(this.context.jsm, this.context.namespace, durable);
    this.#ready.add(durable);
  }
}

function ensureDeadLetterStream(jsm: JetStreamManager, namespace: string, durable: string): Promise<void> {
  return ensureStream(jsm, {
    name: deadLetterStreamName(namespace, durable),
    subjects: [deadLetterSubject(namespace, durable)],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    duplicate_window: nanos(DEDUP_WINDOW_MS),
    max_age: nanos(DEAD_LETTER_RETENTION_MS),
  });
}

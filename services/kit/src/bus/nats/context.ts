import type { NatsConnection } from '@nats-io/nats-core';
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import type { Logger } from '../../logger/logger';
import type { NatsDeadLetters } from './dead-letters';
import type { LargeBodies } from './large-bodies';

/** What the parts of one NATS bus share: the connection, its namespace's subjects and its stream. */
export interface NatsBusContext {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  logger: Logger;
  bodies: LargeBodies;
  streamName: string;
  namespace: string;
  deadLetters: NatsDeadLetters;
  /** The namespaced subject of a bare one (`book.get` → `<namespace>.book.get`). */
  subject: (bare: string) => string;
}

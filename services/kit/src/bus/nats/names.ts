import type { AnyEventDef } from '@bookwright/contracts/bus';

/** What a namespace may be made of: it is part of every subject and of the stream's name. */
export const namespacePattern = /^[A-Za-z0-9_-]+$/;

/** The JetStream stream that holds every event of one namespace. */
export const eventStreamName = (namespace: string): string => `${namespace.toUpperCase()}_EVENTS`;

/**
 * One JetStream consumer per (durable, event): NATS 2.9 allows a single `filter_subject` per consumer,
 * and this keeps each event's redelivery and ack state apart.
 */
export const consumerName = (durable: string, def: AnyEventDef): string =>
  `${durable}__${def.name.replace(/[^A-Za-z0-9_-]/g, '_')}_v${def.version}`;

/** The stream of one consumer's dead letters (`DLQ.<durable>` in the namespace): stream names allow no dots. */
export const deadLetterStreamName = (namespace: string, durable: string): string =>
  `${namespace.toUpperCase()}_DLQ_${durable}`;

/** The one subject of that stream. */
export const deadLetterSubject = (namespace: string, durable: string): string => `${namespace}.DLQ.${durable}`;

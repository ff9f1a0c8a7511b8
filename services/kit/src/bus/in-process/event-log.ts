import { DEDUP_WINDOW_MS, EVENT_RETENTION_MS } from '../wire';

export interface StoredEvent {
  seq: number;
  /** Its dedup id, the `Nats-Msg-Id` it would carry on NATS. */
  id: string;
  subject: string;
  body: string;
  storedAt: number;
}

/** The stream: published events by sequence, retained for a while, with JetStream's duplicate window. */
export class EventLog {
  readonly #events = new Map<number, StoredEvent>();
  readonly #seenIds = new Map<string, number>();
  #lastSeq = 0;

  get lastSeq(): number {
    return this.#lastSeq;
  }

  get(seq: number): StoredEvent | undefined {
    return this.#events.get(seq);
  }

  /** Where a durable created now starts: the oldest retained event (deliver-all). */
  firstSeq(): number {
    return this.#events.keys().next().value ?? this.#lastSeq + 1;
  }

  /** Stores the event unless its id was published within the dedup window. Whether it was stored. */
  append(id: string, subject: string, body: string, now: number): boolean {
    this.#prune(now);
    if (this.#seenIds.has(id)) return false;
    this.#seenIds.set(id, now);
    this.#lastSeq += 1;
    this.#events.set(this.#lastSeq, { seq: this.#lastSeq, id, subject, body, storedAt: now });
    return true;
  }

  #prune(now: number): void {
    // Both maps are in insertion order, which is time order, so expired entries are at the front.
    for (const [id, at] of this.#seenIds) {
      if (at > now - DEDUP_WINDOW_MS) break;
      this.#seenIds.delete(id);
    }
    for (const [seq, event] of this.#events) {
      if (event.storedAt > now - EVENT_RETENTION_MS) break;
      this.#events.delete(seq);
    }
  }
}

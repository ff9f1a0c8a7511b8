import type { Bus, DeadLetter } from '../bus';
import { replayMessageId, type NewDeadLetter } from '../dead-letters';

/**
 * The in-process `DLQ.<durable>`: each consumer's dead letters, in memory like the event log, so they last
 * as long as the process (embedded mode logs each one at error level; decision 0049).
 */
export class DeadLetterStore {
  readonly #byConsumer = new Map<string, DeadLetter[]>();
  #lastSeq = 0;

  add(letter: NewDeadLetter): DeadLetter {
    this.#lastSeq += 1;
    const stored = { ...letter, seq: this.#lastSeq };
    const letters = this.#byConsumer.get(letter.consumer) ?? [];
    letters.push(stored);
    this.#byConsumer.set(letter.consumer, letters);
    return stored;
  }

  list(consumer: string): DeadLetter[] {
    return [...(this.#byConsumer.get(consumer) ?? [])];
  }

  remove(letter: DeadLetter): void {
    const letters = this.#byConsumer.get(letter.consumer) ?? [];
    this.#byConsumer.set(
      letter.consumer,
      letters.filter((kept) => kept.seq !== letter.seq),
    );
  }
}

/** The port's dead-letter methods over `letters`; `store` appends a raw event to the log, as `publish` does. */
export function deadLetterAccess(
  letters: DeadLetterStore,
  store: (id: string, subject: string, body: string) => void,
  closed: () => boolean,
): Pick<Bus, 'deadLetters' | 'replayDeadLetters'> {
  return {
    deadLetters: async (durable) => letters.list(durable),
    async replayDeadLetters(durable) {
      if (closed()) throw new Error('bus is closed');
      const replayed = letters.list(durable);
      for (const letter of replayed) {
        store(replayMessageId(letter), letter.subject, letter.payload);
        letters.remove(letter);
      }
      return replayed.length;
    },
  };
}

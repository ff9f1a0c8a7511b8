import type { DeadLetter } from '../bus';
import type { NewDeadLetter } from '../dead-letters';

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

import type { ManuscriptVersion } from '@bookwright/contracts/bus';

/** The state a closed live document was last stored with, as it stands for book.collab.load's `held`. */
export interface HeldState {
  state: Uint8Array;
  stateVersion: ManuscriptVersion;
  stateStamp: string;
}

export interface HeldStatesOptions {
  /** How long a closed document's state is kept. */
  keepMs: number;
  /** The most bytes kept for all books; the oldest go first. */
  maxBytes: number;
}

/**
 * The states of live documents closed in the last seconds, so that opening one again (a reload, a person
 * back from the library, the next person in) applies what this process still has instead of reading the
 * stored state (0.6 MB for 100,000 words) from the database and carrying it over the bus. Used only while
 * the book service says the stored state is still this one (its version and stamp): anything stored since,
 * by a save on another replica or a build, makes the entry useless, never wrong. The document itself
 * leaves memory as before; what stays is its encoded state, bounded in bytes and dropped when its time is
 * up, so an idle process holds none of them for long.
 */
export class HeldStates {
  readonly #entries = new Map<string, { held: HeldState; timer: NodeJS.Timeout }>();
  #bytes = 0;

  constructor(private readonly options: HeldStatesOptions) {}

  keep(bookId: string, held: HeldState): void {
    this.forget(bookId);
    if (held.state.byteLength > this.options.maxBytes) return;
    const timer = setTimeout(() => this.forget(bookId), this.options.keepMs);
    timer.unref();
    this.#entries.set(bookId, { held, timer });
    this.#bytes += held.state.byteLength;
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.options.maxBytes) break;
      this.forget(oldest);
    }
  }

  /** The book's held state, taken out: the document opened from it keeps its own from now on. */
  take(bookId: string): HeldState | undefined {
    const entry = this.#entries.get(bookId);
    if (entry) this.forget(bookId);
    return entry?.held;
  }

  forget(bookId: string): void {
    const entry = this.#entries.get(bookId);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.#entries.delete(bookId);
    this.#bytes -= entry.held.state.byteLength;
  }

  clear(): void {
    for (const bookId of [...this.#entries.keys()]) this.forget(bookId);
  }

  get bytes(): number {
    return this.#bytes;
  }
}

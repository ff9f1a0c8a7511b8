/**
 * A counting semaphore: at most `size` chapters are written at once in this process, whatever the
 * number of books. Waiters are served in arrival order, so the chapters of a book start in reading order.
 */
export class Slots {
  #free: number;
  readonly #waiters: Array<{ grant: () => void }> = [];

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`slots: size must be a positive integer, got ${size}`);
    this.#free = size;
  }

  /** Resolves with a release function once a slot is free; rejects with the signal's reason on abort. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.#free > 0) {
      this.#free -= 1;
      return Promise.resolve(this.#releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.#releaser());
        },
      };
      const onAbort = () => {
        const index = this.#waiters.indexOf(waiter);
        if (index >= 0) this.#waiters.splice(index, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiters.push(waiter);
    });
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiters.shift();
      // Hand the slot straight to the next waiter so nobody can slip in between.
      if (next) next.grant();
      else this.#free += 1;
    };
  }
}

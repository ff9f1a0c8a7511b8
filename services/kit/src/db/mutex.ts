/**
 * A first-come, first-served lock. PGlite is one connection shared by every service in the process, so
 * whoever holds it (one query, or a whole transaction) must finish before the next caller starts;
 * FIFO order keeps a busy service from starving the others.
 */
export class Mutex {
  #locked = false;
  readonly #waiters: Array<() => void> = [];

  async lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  unlock(): void {
    const next = this.#waiters.shift();
    // Hand the lock straight to the next waiter so nobody can slip in between.
    if (next) next();
    else this.#locked = false;
  }

  get locked(): boolean {
    return this.#locked;
  }
}

/** Every timer the bus has set and not yet fired, so that closing the bus clears them all. */
export class BusTimers {
  readonly #timers = new Set<NodeJS.Timeout>();

  set(fn: () => void, ms: number): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      fn();
    }, ms);
    this.#timers.add(timer);
    return timer;
  }

  clear(timer: NodeJS.Timeout | undefined): void {
    if (timer === undefined) return;
    clearTimeout(timer);
    this.#timers.delete(timer);
  }

  clearAll(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }
}

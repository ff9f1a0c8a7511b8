import type { ConsumerBacklog } from '../bus/bus';

export interface LivenessOptions {
  /** The clock (epoch ms); tests pass one they move. */
  now?: () => number;
  /** The event loop counts as blocked when its heartbeat is older than this. Default 5 s. */
  blockedAfterMs?: number;
  /** A consumer counts as stalled when deliveries it has room for waited this long and none started. Default 30 s. */
  stalledAfterMs?: number;
  /** What the process's consumers have waiting (`Bus.backlog`); absent: consumers are not checked. */
  backlog?: () => Promise<ConsumerBacklog[]>;
}

export interface LivenessReport {
  live: boolean;
  /** Why not, one line each (empty when live). */
  problems: string[];
}

/** How often the heartbeat ticks: well under any blocked threshold, cheap enough to never matter. */
export const heartbeatEveryMs = 500;

/**
 * Is this process still doing its job? What `/livez` answers, and what a supervisor (the distributed
 * launcher, Kubernetes' liveness probe) restarts the process on. Two ways a process hangs while its port
 * stays open:
 * - the event loop is blocked (a runaway synchronous loop): a heartbeat timer stops ticking;
 * - a consumer stopped taking deliveries that wait for it (a pull loop that died, a subscription lost):
 *   deliveries it has room for stay waiting and none starts.
 * Busy is not hung: a consumer at its max ack pending has no room, so what waits beyond that is not held
 * against it. A process stopped outright (SIGSTOP) answers nothing at all, which the prober counts as a
 * failure by itself.
 */
export class Liveness {
  readonly #now: () => number;
  readonly #blockedAfterMs: number;
  readonly #stalledAfterMs: number;
  readonly #backlog: (() => Promise<ConsumerBacklog[]>) | undefined;
  #lastTick: number;
  /** Per consumer: since when deliveries have waited with none started (reset by any start). */
  readonly #waitingSince = new Map<string, number>();

  constructor(options: LivenessOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#blockedAfterMs = options.blockedAfterMs ?? 5_000;
    this.#stalledAfterMs = options.stalledAfterMs ?? 30_000;
    this.#backlog = options.backlog;
    this.#lastTick = this.#now();
  }

  /** The heartbeat: called by a timer on the event loop (`start`), so it stops when the loop does. */
  tick(): void {
    this.#lastTick = this.#now();
  }

  /** Starts the heartbeat timer (unref'd: it never keeps the process alive); returns its stop. */
  start(): () => void {
    this.tick();
    const timer = setInterval(() => this.tick(), heartbeatEveryMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  async check(): Promise<LivenessReport> {
    const problems: string[] = [];
    const now = this.#now();
    const silentForMs = now - this.#lastTick;
    if (silentForMs > this.#blockedAfterMs) problems.push(`event loop blocked: no heartbeat for ${silentForMs} ms`);
    for (const { consumer, waiting, lastStartedAt } of this.#backlog ? await this.#backlog() : []) {
      const since = this.#waitingSince.get(consumer);
      if (waiting === 0) {
        this.#waitingSince.delete(consumer);
        continue;
      }
      // A delivery started since the wait was first seen: the consumer moves, the wait starts over.
      if (since === undefined || (lastStartedAt !== undefined && lastStartedAt >= since)) {
        this.#waitingSince.set(consumer, now);
        continue;
      }
      if (now - since >= this.#stalledAfterMs)
        problems.push(
          `consumer ${consumer} stalled: ${waiting} deliveries waiting, none started for ${now - since} ms`,
        );
    }
    return { live: problems.length === 0, problems };
  }
}

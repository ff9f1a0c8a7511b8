/**
 * Saves as the editor sends them (issue 22): one author on one keep-alive connection, each save on the ETag
 * the previous one answered (`If-Match`, `Prefer: return=minimal`), so each request waits for the previous
 * answer. Both a row and its anchor are driven by this same loop (autocannon prepares a connection's next
 * request before the answer arrives, which a conditional save cannot).
 */
import { Agent, fetch } from 'undici';
import type { Author } from './authors';

export interface SequentialMeasure {
  /** Requests sent, answered or not. */
  saves: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The last edit number acknowledged with a 2xx. */
  lastAcked: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * Sends `body(edit)` for edits 1, 2, … to one author's book, each on the ETag the previous save answered,
 * for as many stretches of time as it is `run`; the edits, the ETag and the figures carry on from one
 * stretch to the next.
 */
export class SaveLoop {
  readonly #latencies: number[] = [];
  #errors = 0;
  #lastAcked = 0;
  #edit = 0;
  #elapsedMs = 0;
  #tag: string;
  /**
   * One connection, as the doc says: with the process's shared pool a save could go out on any idle
   * connection the authors' sign-ups left open, and in the distributed mode so to either gateway replica.
   */
  readonly #connection = new Agent({ connections: 1 });

  constructor(
    private readonly url: string,
    private readonly author: Author,
    etag: string,
    private readonly body: (edit: number) => string,
  ) {
    this.#tag = etag;
  }

  async run(seconds: number): Promise<void> {
    const start = performance.now();
    const end = start + seconds * 1000;
    while (performance.now() < end) {
      this.#edit += 1;
      const payload = this.body(this.#edit);
      const started = performance.now();
      const answer = await fetch(`${this.url}/api/v1/book/content/${this.author.bookId}`, {
        dispatcher: this.#connection,
        method: 'PATCH',
        headers: {
          cookie: this.author.cookie,
          'x-xsrf-token': this.author.xsrf,
          'content-type': 'application/json',
          'if-match': this.#tag,
          prefer: 'return=minimal',
        },
        body: payload,
      });
      const text = await answer.text();
      this.#latencies.push(performance.now() - started);
      if (answer.status >= 300) {
        this.#errors += 1;
        continue;
      }
      this.#lastAcked = this.#edit;
      // The bare route answers 204 with no tag: it keeps the one it was given.
      if (answer.status === 200) this.#tag = (JSON.parse(text) as { etag: string }).etag;
    }
    // The time the stretch took, its last save included: that save is counted too.
    this.#elapsedMs += performance.now() - start;
  }

  get measure(): SequentialMeasure {
    const sorted = [...this.#latencies].sort((a, b) => a - b);
    return {
      saves: sorted.length,
      rps: this.#elapsedMs === 0 ? 0 : sorted.length / (this.#elapsedMs / 1000),
      p50: Math.round(percentile(sorted, 0.5)),
      p99: Math.round(percentile(sorted, 0.99)),
      errors: this.#errors,
      lastAcked: this.#lastAcked,
    };
  }

  /** The latency at percentile `p` (0–1), in unrounded milliseconds. */
  latencyAt(p: number): number {
    return percentile(
      [...this.#latencies].sort((a, b) => a - b),
      p,
    );
  }
}

/**
 * Runs the loops in turn for `seconds` each in all, cut into `slices` stretches, in the order A B C, then
 * C B A, and so on: a row and its anchor see the same machine. On the shared two-core VM the bare route's
 * rate moved by a third between windows measured a minute apart, and each row's ratio with it.
 */
export async function inTurn(loops: SaveLoop[], seconds: number, slices: number): Promise<void> {
  for (let slice = 0; slice < slices; slice += 1)
    for (const loop of slice % 2 === 0 ? loops : [...loops].reverse()) await loop.run(seconds / slices);
}

import { availableParallelism } from 'node:os';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { ResultMessage, TaskMessage } from './render-worker';
import { deserializeError, type RenderTask } from './tasks';

export interface RenderPoolOptions {
  /** Worker threads at most; default: one less than the CPUs (at least 1, at most 4). */
  size?: number;
  /** An idle worker exits after this long (ms); the next task starts a new one. Default 60 s. */
  idleTimeoutMs?: number;
  /** V8 heap limits per worker, e.g. { maxOldGenerationSizeMb: 2048 }. */
  resourceLimits?: ResourceLimits;
}

interface Job {
  id: number;
  task: RenderTask;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  job: Job | null;
  idleTimer: NodeJS.Timeout | null;
}

const workerEntry = new URL('./bootstrap.mjs', import.meta.url);

/**
 * A small pool of render worker threads. pdfmake and the EPUB builder are synchronous CPU work for
 * seconds on a long book; in a worker they never stall the event loop of the process that serves HTTP.
 * Each worker runs one task at a time; the rest wait in order. Workers start on demand, stay warm for
 * `idleTimeoutMs`, and do not keep the process alive while idle. A worker that dies fails only its own
 * task; the next task gets a fresh worker.
 */
export class RenderWorkerPool {
  private readonly size: number;
  private readonly idleTimeoutMs: number;
  private readonly resourceLimits: ResourceLimits | undefined;
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: RenderPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? Math.min(4, availableParallelism() - 1));
    this.idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
    this.resourceLimits = options.resourceLimits;
  }

  /** Runs a task in a worker; resolves with its result (output bytes transferred, not copied). */
  run<T>(task: RenderTask): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The render worker pool is closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, task, resolve: resolve as (value: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Workers currently alive (busy or idle). */
  get workerCount(): number {
    return this.slots.size;
  }

  /** Fails queued tasks, waits for nothing, and stops every worker. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The render worker pool is closed'));
    await Promise.all([...this.slots].map((slot) => this.retire(slot, new Error('The render worker pool is closed'))));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = [...this.slots].find((s) => s.job === null);
      if (!slot) {
        if (this.slots.size >= this.size) return;
        slot = this.spawn();
      }
      const job = this.queue.shift();
      if (!job) return;
      this.start(slot, job);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(workerEntry, { resourceLimits: this.resourceLimits });
    let markReady: () => void = () => undefined;
    const slot: Slot = {
      worker,
      ready: new Promise<void>((resolve) => (markReady = resolve)),
      job: null,
      idleTimer: null,
    };
    worker.on('message', (message: ResultMessage | { ready: true }) => {
      if ('ready' in message) {
        markReady();
        return;
      }
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      slot.job = null;
      if (message.ok) job.resolve(message.result);
      else job.reject(deserializeError(message.error));
      this.idle(slot);
      this.dispatch();
    });
    worker.on('error', (error) => void this.retire(slot, error));
    worker.on('exit', (code) => void this.retire(slot, new Error(`The render worker exited with code ${code}`)));
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.job = job;
    slot.worker.ref();
    // Input is copied (structured clone), never transferred: callers keep using the book they passed,
    // e.g. for the interior and the cover of one export.
    const message: TaskMessage = { id: job.id, task: job.task };
    void slot.ready.then(() => {
      if (slot.job === job) slot.worker.postMessage(message);
    });
  }

  private idle(slot: Slot): void {
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => void this.retire(slot, null), this.idleTimeoutMs);
    slot.idleTimer.unref();
  }

  /** Removes a worker; its task, if any, fails with `reason`. */
  private async retire(slot: Slot, reason: Error | null): Promise<void> {
    if (!this.slots.delete(slot)) return;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    const job = slot.job;
    slot.job = null;
    if (job) job.reject(reason ?? new Error('The render worker stopped'));
    await slot.worker.terminate();
    if (!this.closed) this.dispatch();
  }
}

/**
 * The inspector protocol of a bench's system process (started with `--inspect`): full collections and
 * `process.memoryUsage()` from inside it, and heap snapshots (bench/memory, bench/collab).
 */
import { createWriteStream } from 'node:fs';

/** What `process.memoryUsage()` answers in the inspected process. */
export interface MemoryUsage {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/** A minimal inspector-protocol client: one WebSocket to the process's main thread. */
export class Inspector {
  #next = 1;
  readonly #waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly #listeners = new Map<string, (params: Record<string, unknown>) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
        method?: string;
        params?: Record<string, unknown>;
      };
      if (message.id !== undefined) {
        const waiter = this.#waiting.get(message.id);
        this.#waiting.delete(message.id);
        if (message.error) waiter?.reject(new Error(message.error.message));
        else waiter?.resolve(message.result);
      } else if (message.method) this.#listeners.get(message.method)?.(message.params ?? {});
    });
  }

  static async connect(port: number): Promise<Inspector> {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
      webSocketDebuggerUrl: string;
    }[];
    const url = targets[0]?.webSocketDebuggerUrl;
    if (!url) throw new Error('the process offers no inspector target');
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', () => reject(new Error('could not reach the inspector')), { once: true });
    });
    return new Inspector(socket);
  }

  send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.#next++;
    this.socket.send(JSON.stringify({ id, method, params }));
    return new Promise<T>((resolve, reject) =>
      this.#waiting.set(id, { resolve: resolve as (v: unknown) => void, reject }),
    );
  }

  on(method: string, listener: (params: Record<string, unknown>) => void): void {
    this.#listeners.set(method, listener);
  }

  /** Two full collections (the second frees what the first left to finalisers), then the process's memory. */
  async memoryAfterGc(): Promise<MemoryUsage> {
    await this.send('HeapProfiler.collectGarbage');
    await this.send('HeapProfiler.collectGarbage');
    await new Promise((r) => setTimeout(r, 1000));
    const answer = await this.send<{ result: { value: string } }>('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    });
    return JSON.parse(answer.result.value) as MemoryUsage;
  }

  /** An expression's value in the process's main thread (JSON-serialisable). */
  async evaluate<T>(expression: string): Promise<T> {
    const answer = await this.send<{ result: { value: T } }>('Runtime.evaluate', { expression, returnByValue: true });
    return answer.result.value;
  }

  /**
   * Every script the main thread has compiled and still holds, with its source length: enabling the
   * debugger reports each one already loaded (`Debugger.scriptParsed`); the command answers after them.
   */
  async loadedScripts(): Promise<{ url: string; length: number }[]> {
    const scripts: { url: string; length: number }[] = [];
    this.on('Debugger.scriptParsed', (params) =>
      scripts.push({ url: String(params.url ?? ''), length: Number(params.length ?? 0) }),
    );
    await this.send('Debugger.enable');
    await this.send('Debugger.disable');
    return scripts;
  }

  async saveHeapSnapshot(path: string): Promise<void> {
    const file = createWriteStream(path);
    this.on('HeapProfiler.addHeapSnapshotChunk', (params) => file.write(String(params.chunk)));
    await this.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    await new Promise<void>((resolve, reject) =>
      file.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  }

  close(): void {
    this.socket.close();
  }
}

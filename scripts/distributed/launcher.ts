import cluster, { type Worker } from 'node:cluster';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { hostname } from 'node:os';
import { collabPorts, collabUrlsFor, planProcesses, type ProcessPlan } from './topology';

export interface LauncherOptions {
  root: string;
  env: NodeJS.ProcessEnv;
  port: number;
  healthPortBase: number;
  /** The first collab replica's WebSocket port; the others count up from it. */
  collabPortBase: number;
  /** Where prefixed log lines and the launcher's own messages go. */
  out: (line: string) => void;
  /** A process whose /livez fails (or does not answer) for this long is killed and restarted. Default 15 s. */
  restartUnliveAfterMs?: number;
  /** How often each process's /livez is asked. Default 1 s. */
  livenessPollMs?: number;
  /**
   * Extra node flags for some services' processes (SERVICE_NODE_ARGS and SERVICE_NODE_ARGS_FOR), e.g.
   * `--cpu-prof` to profile the writers under load: NODE_OPTIONS refuses it, and profiling every process
   * at once slows the one looked at.
   */
  serviceNodeArgs?: { args: string[]; services?: ReadonlySet<string> };
}

interface Running {
  plan: ProcessPlan;
  /** The OS process (for cluster workers, the worker's process). */
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Since when its /livez has failed without a success in between; undefined while it passes. */
  failingSince?: number | undefined;
  /**
   * Whether /readyz ever passed: a process still starting is not held to /livez, as a Kubernetes startup
   * probe holds off the liveness probe. Its health server answers /livez from early on, but building the
   * app can then block its event loop for seconds on a loaded machine: counted as a hang, that killed a
   * gateway in the middle of its start (tests/distributed/faults.test.ts, 3 s limit, 2026-11-27).
   */
  wasReady?: boolean;
}

/** A process that crashes this often within the window is given up on, and everything stops. */
const maxRestarts = 5;
const restartWindowMs = 60_000;
/** How long a stop may take before SIGKILL (stop-with-parent.mjs gives an orphaned process as long). */
const stopTimeoutMs = 30_000;

/**
 * Starts every service of the topology as its own process and supervises them like a tiny orchestrator:
 * prefixed logs, a restart when one dies (as Kubernetes would), and one clean stop for all of them.
 *
 * The gateway replicas are cluster workers of this process, so they share PORT and see the clients' real
 * addresses (per-IP rate limits stay meaningful); the other services are plain child processes.
 */
export class Launcher {
  private readonly running = new Map<string, Running>();
  private readonly crashes = new Map<string, number[]>();
  private stopping = false;
  private stopped: Promise<number> | undefined;
  private livenessTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: LauncherOptions) {}

  get processes(): ProcessPlan[] {
    return [...this.running.values()].map((r) => r.plan);
  }

  start(): void {
    cluster.setupPrimary({
      exec: `${this.options.root}/services/gateway/src/main.ts`,
      execArgv: ['--import', 'tsx', ...this.nodeArgsFor('gateway')],
      silent: true,
    });
    for (const plan of planProcesses(this.options.healthPortBase)) this.startOne(plan);
    this.watchLiveness();
  }

  /**
   * Asks every process's /livez, as Kubernetes' liveness probe does, and kills one that has failed it (or
   * not answered: a process stopped with SIGSTOP answers nothing) for `restartUnliveAfterMs`; its exit
   * restarts it like any crash. SIGKILL, because a hung process handles no SIGTERM.
   */
  private watchLiveness(): void {
    const restartAfterMs = this.options.restartUnliveAfterMs ?? 15_000;
    const pollMs = this.options.livenessPollMs ?? 1_000;
    let polling = false;
    this.livenessTimer = setInterval(() => {
      if (polling || this.stopping) return;
      polling = true;
      void Promise.all(
        [...this.running.values()].map(async (running) => {
          if (!running.wasReady) {
            // One that hangs before it is ready is not killed here: at start-up waitUntilReady gives up on
            // it and stops everything; after a restart it stays unready, which /readyz reports.
            const ready = await fetch(`http://127.0.0.1:${running.plan.healthPort}/readyz`, {
              signal: AbortSignal.timeout(Math.max(2_000, pollMs)),
            }).then(
              (res) => res.ok,
              () => false,
            );
            if (ready && this.running.get(running.plan.name) === running) running.wasReady = true;
            return;
          }
          const answer = await fetch(`http://127.0.0.1:${running.plan.healthPort}/livez`, {
            signal: AbortSignal.timeout(Math.max(2_000, pollMs)),
          }).then(
            async (res) => ({ live: res.ok, why: res.ok ? '' : (await res.text()).replaceAll('\n', '; ') }),
            () => ({ live: false, why: 'no answer' }),
          );
          if (this.running.get(running.plan.name) !== running || this.stopping) return;
          if (answer.live) {
            running.failingSince = undefined;
            return;
          }
          const now = Date.now();
          running.failingSince ??= now;
          if (now - running.failingSince < restartAfterMs) return;
          this.say(
            `${running.plan.name} failed its liveness check for ${now - running.failingSince} ms (${answer.why}): killing it`,
          );
          running.failingSince = undefined;
          running.wasReady = false;
          running.child.kill('SIGKILL');
        }),
      ).finally(() => (polling = false));
    }, pollMs);
    this.livenessTimer.unref();
  }

  /** Waits until every process answers 200 on /readyz. */
  async waitUntilReady(timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const pending = new Set(this.processes.map((p) => p.name));
    // What each process last answered, for the error: not listening yet, or not ready and why.
    const lastAnswer = new Map<string, string>();
    while (pending.size > 0) {
      if (this.stopping) throw new Error('stopped while starting');
      if (Date.now() > deadline) {
        const why = [...pending].map((name) => `${name} (${lastAnswer.get(name) ?? 'no answer yet'})`);
        throw new Error(`not ready after ${timeoutMs} ms: ${why.join(', ')}`);
      }
      for (const plan of this.processes) {
        if (!pending.has(plan.name)) continue;
        const ready = await fetch(`http://127.0.0.1:${plan.healthPort}/readyz`).then(
          async (res) => {
            lastAnswer.set(plan.name, `readyz ${res.status}: ${(await res.text()).slice(0, 200)}`);
            return res.ok;
          },
          (error: unknown) => {
            lastAnswer.set(plan.name, `readyz unreachable: ${error instanceof Error ? error.message : String(error)}`);
            return false;
          },
        );
        if (ready) pending.delete(plan.name);
      }
      if (pending.size > 0) await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** SIGTERM to every process, SIGKILL after a timeout; resolves with the exit code the launcher should use. */
  stop(): Promise<number> {
    this.stopped ??= this.stopAll();
    return this.stopped;
  }

  private async stopAll(): Promise<number> {
    this.stopping = true;
    clearInterval(this.livenessTimer);
    const all = [...this.running.values()];
    const timer = setTimeout(() => {
      for (const r of all) if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGKILL');
    }, stopTimeoutMs);
    // The gateways first: they finish the requests they accepted while the services those requests need
    // still answer. Only then the services, which finish their own in-flight work.
    const edge = all.filter((r) => r.plan.service === 'gateway');
    const inside = all.filter((r) => r.plan.service !== 'gateway');
    const results = [];
    for (const group of [edge, inside]) {
      for (const r of group) r.child.kill('SIGTERM');
      results.push(...(await Promise.all(group.map((r) => r.exited))));
    }
    clearTimeout(timer);
    // Killed by our SIGTERM itself means the process was still starting (its handler not yet installed):
    // it had no work in flight, so that is a clean stop too.
    const clean = results.every((r) => r.code === 0 || r.signal === 'SIGTERM');
    this.say(clean ? 'every process stopped cleanly' : 'some processes did not stop cleanly');
    return clean ? 0 : 1;
  }

  private collabPortOf(plan: ProcessPlan): number {
    return collabPorts(this.options.collabPortBase)[plan.replica - 1]!;
  }

  private nodeArgsFor(service: string): string[] {
    const extra = this.options.serviceNodeArgs;
    return extra && (!extra.services || extra.services.has(service)) ? extra.args : [];
  }

  private startOne(plan: ProcessPlan): void {
    const env: NodeJS.ProcessEnv = {
      ...this.options.env,
      HEALTH_PORT: String(plan.healthPort),
      ...(plan.service === 'gateway'
        ? { PORT: String(this.options.port), COLLAB_URLS: collabUrlsFor(this.options.collabPortBase) }
        : {}),
      ...(plan.service === 'writer' ? { WRITER_INSTANCE_ID: `${hostname()}-${plan.name}` } : {}),
      ...(plan.service === 'collab' ? { COLLAB_PORT: String(this.collabPortOf(plan)) } : {}),
    };
    let child: ChildProcess;
    if (plan.service === 'gateway') {
      const worker: Worker = cluster.fork(env);
      child = worker.process as ChildProcess;
    } else {
      child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          ...this.nodeArgsFor(plan.service),
          // With the IPC channel below: it stops the process when the launcher dies without stopping it.
          '--import',
          `${this.options.root}/scripts/distributed/stop-with-parent.mjs`,
          `${this.options.root}/services/${plan.service}/src/main.ts`,
        ],
        {
          env,
          stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
          // Its own process group: a Ctrl-C in the terminal reaches only the launcher, which stops everyone
          // once, in order, instead of every process receiving two signals. Nothing but the launcher ends it,
          // hence the IPC channel (the gateways, cluster workers, already exit when theirs closes).
          detached: true,
        },
      );
    }
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    this.running.set(plan.name, { plan, child, exited });
    for (const stream of [child.stdout, child.stderr])
      if (stream)
        createInterface({ input: stream }).on('line', (line) => this.options.out(`${plan.name.padEnd(9)} | ${line}`));
    const ports =
      plan.service === 'gateway'
        ? `http :${this.options.port}, health :${plan.healthPort}`
        : plan.service === 'collab'
          ? `ws :${this.collabPortOf(plan)}, health :${plan.healthPort}`
          : `health :${plan.healthPort}`;
    this.say(`started ${plan.name} (pid ${child.pid}, ${ports})`);
    void exited.then(({ code, signal }) => this.onExit(plan, code, signal));
  }

  private onExit(plan: ProcessPlan, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.stopping) return;
    const now = Date.now();
    const recent = (this.crashes.get(plan.name) ?? []).filter((at) => now - at < restartWindowMs);
    recent.push(now);
    this.crashes.set(plan.name, recent);
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (recent.length > maxRestarts) {
      this.say(`${plan.name} exited (${how}) ${recent.length} times in a minute: giving up, stopping everything`);
      void this.stop().then(() => process.exit(1));
      return;
    }
    this.say(`${plan.name} exited (${how}): restarting in 1 s`);
    setTimeout(() => {
      if (!this.stopping) this.startOne(plan);
    }, 1_000);
  }

  private say(message: string): void {
    this.options.out(`${'launcher'.padEnd(9)} | ${message}`);
  }
}

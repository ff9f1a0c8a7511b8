import { spawn } from 'node:child_process';

/**
 * Stops this process when the one that started it is gone: preloaded (`--import`) into every service the
 * launcher spawns, and imported by the launcher itself for whoever starts it (the tests do).
 *
 * The services run detached, in process groups of their own (so a Ctrl-C reaches only the launcher, which
 * stops them in order), and nothing else ends them: a launcher that dies without its clean stop (SIGKILL, a
 * crash, the test runner that started it killed or timed out) would leave them running, holding their
 * ports and consuming from the bus. So the parent gives its child an IPC channel, which the kernel closes
 * when the parent dies, however it dies; then the child stops as on SIGTERM (in-flight work finishes).
 *
 * A watchdog outside the process SIGKILLs it if it is still there after as long as the launcher would have
 * waited. A timer inside it would not do: the tests, under load, met a service that had finished its stop
 * (every socket closed) and then hung in its exit, its main thread waiting on a futex, as in Node's known
 * shutdown deadlocks (nodejs/node#54918); and a process stopped with SIGSTOP runs no timer either.
 *
 * Without an IPC channel (`npm run start:distributed` from a terminal) this does nothing, and so it does in
 * worker threads, which inherit the `--import`. Plain JavaScript for that reason: a worker thread of a
 * service (the export's render pool) loads it without the TypeScript loader.
 */
/** As long as the launcher waits for a process it stopped before it sends SIGKILL (launcher.ts). */
const stopTimeoutMs = 30_000;

/** Run by the watchdog: `node -e watchdog <pid> <ms>`. Ends as soon as the process is gone. */
const watchdog = `
const [pid, ms] = process.argv.slice(1).map(Number);
const deadline = Date.now() + ms;
setInterval(() => {
  try {
    process.kill(pid, 0);
  } catch {
    process.exit(0);
  }
  if (Date.now() < deadline) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {}
  process.exit(0);
}, 100);
`;

if (process.channel) {
  process.once('disconnect', () => {
    spawn(process.execPath, ['-e', watchdog, String(process.pid), String(stopTimeoutMs)], {
      detached: true,
      stdio: 'ignore',
    }).unref();
    process.kill(process.pid, 'SIGTERM');
  });
  // Listening for 'disconnect' refs the channel: it alone must not keep the process running.
  process.channel.unref();
}

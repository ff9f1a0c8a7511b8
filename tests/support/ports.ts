import { createServer } from 'node:net';

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/** The first of `count` consecutive free ports (for processes that take a port range, like the launcher). */
export async function freePorts(count = 1): Promise<number> {
  for (;;) {
    // Below Linux's ephemeral range (32768 up), from which every outgoing connection on the machine takes
    // its local port: a port picked there can be taken by a client socket before the server binds it.
    const base = 10_000 + Math.floor(Math.random() * (22_000 - count));
    let free = true;
    for (let i = 0; i < count && free; i++) free = await portIsFree(base + i);
    if (free) return base;
  }
}

import { createServer } from 'node:net';

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/** Above every port fetch refuses (the highest is 10080). */
const lowestPort = 10_100;

/** The first of `count` consecutive free ports (for processes that take a port range, like the launcher). */
export async function freePorts(count = 1): Promise<number> {
  for (;;) {
    // Below Linux's ephemeral range (32768 up), from which every outgoing connection on the machine takes
    // its local port: a port picked there can be taken by a client socket before the server binds it. Above
    // 10080, the last of the ports fetch refuses to connect to ("bad port", WHATWG Fetch): a CI run's
    // distributed system once drew it for its gateway, and every request to it failed.
    const base = lowestPort + Math.floor(Math.random() * (32_000 - lowestPort - count));
    let free = true;
    for (let i = 0; i < count && free; i++) free = await portIsFree(base + i);
    if (free) return base;
  }
}

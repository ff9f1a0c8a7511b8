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
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    let free = true;
    for (let i = 0; i < count && free; i++) free = await portIsFree(base + i);
    if (free) return base;
  }
}

import { request, Agent } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { drainOnClose } from './drain-on-close';

/** One GET on the agent's connection; resolves with the status, the Connection header and the body. */
function get(port: number, agent: Agent, path: string) {
  return new Promise<{ status: number | undefined; connection: string | undefined; body: string }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('drainOnClose', () => {
  it('answers requests on open keep-alive connections while closing, each with Connection: close', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const app = Fastify({ return503OnClosing: false });
    app.get('/slow', async () => {
      await held;
      return { done: true };
    });
    app.get('/fast', async () => ({ fast: true }));
    // Longer than this test needs, so only the connections' own ends finish the drain.
    drainOnClose(app, { drainMs: 60_000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });

    // Two kept-alive connections: one busy with a request when the close begins, one idle between requests.
    const slow = get(port, agent, '/slow');
    expect((await get(port, agent, '/fast')).connection).toBe('keep-alive');
    const closed = app.close();
    await new Promise((r) => setImmediate(r));
    // New connections are no longer taken...
    expect(app.server.listening).toBe(false);
    // ...but the client's next request on its idle connection is answered, and told the connection ends.
    expect(await get(port, agent, '/fast')).toMatchObject({ status: 200, connection: 'close' });
    // The request in flight is answered in full too.
    release();
    const answer = await slow;
    expect(answer).toMatchObject({ status: 200, connection: 'close' });
    expect(JSON.parse(answer.body)).toEqual({ done: true });
    await closed;
    agent.destroy();
  });

  it('closes connections that stay idle once the drain time is over', async () => {
    const app = Fastify({ return503OnClosing: false });
    app.get('/fast', async () => ({ fast: true }));
    drainOnClose(app, { drainMs: 0 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const agent = new Agent({ keepAlive: true });
    expect((await get(port, agent, '/fast')).status).toBe(200);
    // The idle keep-alive connection would hold the close open forever (Fastify keeps them 72 s).
    await app.close();
    agent.destroy();
  });
});

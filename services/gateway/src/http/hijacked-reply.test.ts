import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from './hijacked-reply';

const app = Fastify();
// Stands for the security headers and the request id, which hooks set before the route runs.
app.addHook('onRequest', async (_request, reply) => {
  reply.header('x-request-id', 'r-1');
});
app.get('/stream', async (_request, reply) => {
  const res = openEventStream(reply);
  res.write('event: ready\ndata: {}\n\n');
  res.end();
});
beforeAll(() => app.ready());
afterAll(() => app.close());

describe('an event stream', () => {
  it('keeps the headers set before it opened, and says it is an unbuffered event stream', async () => {
    const answer = await app.inject({ url: '/stream' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({
      'x-request-id': 'r-1',
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    expect(answer.body).toBe('event: ready\ndata: {}\n\n');
  });
});

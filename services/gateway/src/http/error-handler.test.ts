import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError, apiMessages } from '@bookwright/contracts/http';
import { createLogger } from '@bookwright/kit';
import { registerErrorHandler } from './error-handler';

/** A gateway-like app whose one route throws `error`, with its log lines kept. */
async function appThrowing(error: Error) {
  const lines: Array<{ level: number; msg: string }> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  // As create-fastify.ts hands the service's pino logger to Fastify.
  const logger = createLogger({ service: 'gateway', pretty: false, destination }) as FastifyBaseLogger;
  const app = Fastify({ loggerInstance: logger });
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw error;
  });
  await app.ready();
  const answer = await app.inject({ method: 'GET', url: '/boom' });
  await app.close();
  return { answer, logged: lines.filter((line) => line.level >= 40).map((line) => [line.level, line.msg]) };
}

describe('the error handler', () => {
  it('answers a service out of reach 503 with Retry-After, logged as a warning that says so', async () => {
    const { answer, logged } = await appThrowing(new AppError(503, apiMessages.unavailable));
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toEqual({ msg: apiMessages.unavailable });
    expect(logged).toEqual([[40, 'answered unavailable: a service did not answer in time']]);
  });

  it("logs a service's own failure as an error, and answers the catalogue's text", async () => {
    const { answer, logged } = await appThrowing(new AppError(500, 'the secret details'));
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ msg: apiMessages.internal });
    expect(logged).toEqual([[50, 'a service failed']]);
  });

  it('logs nothing above info for a refusal the client caused', async () => {
    const { answer, logged } = await appThrowing(new AppError(404, apiMessages.notFound));
    expect(answer.statusCode).toBe(404);
    expect(logged).toEqual([]);
  });
});

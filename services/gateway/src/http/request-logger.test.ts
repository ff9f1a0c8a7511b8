import { Writable } from 'node:stream';
import Fastify from 'fastify';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createLogger, withCorrelation, type Logger } from '@bookwright/kit';
import { DeferredRequestLogger, requestLoggerFactory } from './request-logger';

/** A service logger writing to memory, as every service's does to stdout. */
function memoryLogger(level: string): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger({ service: 'gateway', level, pretty: false, destination });
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const { time: _time, ...rest } = JSON.parse(line) as Record<string, unknown>;
        return rest;
      });
  return { logger, lines };
}

const levels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;

describe('DeferredRequestLogger', () => {
  it('writes exactly the lines an eager pino child writes, redaction and correlation included', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...levels),
        fc.array(
          fc.record({
            level: fc.constantFrom(...levels),
            fields: fc.record({ bookId: fc.string(), token: fc.string(), n: fc.integer() }, { requiredKeys: [] }),
            message: fc.string(),
          }),
          { maxLength: 8 },
        ),
        (loggerLevel, calls) => {
          const eager = memoryLogger(loggerLevel);
          const deferred = memoryLogger(loggerLevel);
          const eagerChild = eager.logger.child({ reqId: 'r-1' });
          const deferredChild = new DeferredRequestLogger(deferred.logger, { reqId: 'r-1' });
          withCorrelation('c-1', () => {
            for (const call of calls) {
              eagerChild[call.level](call.fields, call.message);
              deferredChild[call.level](call.fields, call.message);
            }
          });
          expect(deferred.lines()).toEqual(eager.lines());
          expect(deferredChild.level).toBe(eagerChild.level);
          expect(deferredChild.bindings()).toEqual(eagerChild.bindings());
        },
      ),
    );
  });

  it('makes no pino child until a line passes the level', () => {
    const { logger, lines } = memoryLogger('warn');
    const child = vi.spyOn(logger, 'child');
    const requestLog = new DeferredRequestLogger(logger, { reqId: 'r-2' });
    requestLog.info('not written at warn');
    requestLog.debug({ a: 1 }, 'nor this');
    expect(child).not.toHaveBeenCalled();
    requestLog.warn({ token: 'secret' }, 'written');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines()).toEqual([
      expect.objectContaining({ level: 40, reqId: 'r-2', service: 'gateway', token: '[redacted]', msg: 'written' }),
    ]);
  });

  it('is request.log in Fastify: the same lines as pino children, and a pino child for a route with a log level of its own', async () => {
    async function serve(deferred: boolean) {
      const { logger, lines } = memoryLogger('warn');
      const app = Fastify({
        loggerInstance: logger,
        genReqId: () => 'req-7',
        ...(deferred ? { childLoggerFactory: requestLoggerFactory } : {}),
      });
      app.get('/quiet', async (request) => {
        request.log.info('below the level');
        return { deferred: request.log instanceof DeferredRequestLogger };
      });
      app.get('/loud', { logLevel: 'info' }, async (request) => {
        request.log.info('the route lowered its level');
        return { deferred: request.log instanceof DeferredRequestLogger };
      });
      app.get('/fails', async () => {
        throw new Error('boom');
      });
      try {
        const answers = [
          (await app.inject({ url: '/quiet' })).json<unknown>(),
          (await app.inject({ url: '/loud' })).json<unknown>(),
          (await app.inject({ url: '/fails' })).statusCode,
        ];
        return { answers, lines: lines().map(({ responseTime: _t, ...line }) => line) };
      } finally {
        await app.close();
      }
    }
    const deferred = await serve(true);
    expect(deferred.answers).toEqual([{ deferred: true }, { deferred: false }, 500]);
    // Fastify's own request lines go through request.log too.
    expect(deferred.lines.map((line) => [line.reqId, line.msg])).toEqual([
      ['req-7', 'incoming request'],
      ['req-7', 'the route lowered its level'],
      ['req-7', 'request completed'],
      ['req-7', 'boom'],
    ]);
    expect(deferred.lines).toEqual((await serve(false)).lines);
  });
});

import { EventEmitter, once } from 'node:events';
import { Writable } from 'node:stream';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withCorrelation } from '../correlation/correlation';
import { createLogger } from '../logger/logger';
import { logLostConnections } from './lost-connections';

/** A logger whose JSON lines land in `lines`. */
function recordingLogger() {
  const lines: Array<{ level: number; msg: string; correlationId?: string }> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger({ service: 'test', destination, pretty: false }), lines };
}

const WARN = 40;
const ERROR = 50;

/**
 * A pool that emits what node-postgres's emits, in its order: a new client's 'connect', its check-out
 * ('acquire') and return ('release'), and for an idle client that fails, the failure on the client and
 * then again on the pool.
 */
class FakePool extends EventEmitter {
  connect(): EventEmitter {
    const client = new EventEmitter();
    this.emit('connect', client);
    return client;
  }
  failIdle(client: EventEmitter, error: Error): void {
    client.emit('error', error);
    this.emit('error', error, client);
  }
}

describe('logLostConnections', () => {
  it('logs an idle connection lost once, as a warning that says it was idle', () => {
    const { logger, lines } = recordingLogger();
    const pool = new FakePool();
    logLostConnections(pool, logger);
    const client = pool.connect();
    pool.emit('acquire', client);
    pool.emit('release', undefined, client);

    pool.failIdle(client, new Error('Connection terminated unexpectedly'));

    expect(lines).toEqual([
      expect.objectContaining({
        level: WARN,
        msg: 'idle database connection lost; the pool opens a new one when needed',
      }),
    ]);
  });

  it('logs a connection lost while checked out once, as an error', () => {
    const { logger, lines } = recordingLogger();
    const pool = new FakePool();
    logLostConnections(pool, logger);
    const client = pool.connect();
    pool.emit('acquire', client);

    client.emit('error', new Error('terminating connection due to administrator command'));

    expect(lines).toEqual([expect.objectContaining({ level: ERROR, msg: 'database connection lost while in use' })]);
  });

  it('counts a client returned to the pool as idle again', () => {
    const { logger, lines } = recordingLogger();
    const pool = new FakePool();
    logLostConnections(pool, logger);
    const client = pool.connect();
    pool.emit('acquire', client);
    pool.emit('release', undefined, client);
    pool.emit('acquire', client);
    pool.emit('release', undefined, client);

    pool.failIdle(client, new Error('Connection terminated unexpectedly'));

    expect(lines.map((line) => line.level)).toEqual([WARN]);
  });

  const databaseUrl = process.env.DATABASE_URL;
  it.runIf(databaseUrl)('logs one warning when PostgreSQL ends an idle session (pg_terminate_backend)', async () => {
    const { logger, lines } = recordingLogger();
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    logLostConnections(pool, logger);
    const killer = new pg.Client({ connectionString: databaseUrl });
    await killer.connect();
    try {
      const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      const failed = once(pool, 'error');
      await killer.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await failed;

      expect(lines).toEqual([
        expect.objectContaining({
          level: WARN,
          msg: 'idle database connection lost; the pool opens a new one when needed',
        }),
      ]);
      // The pool opens a new connection for the next statement.
      expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await killer.end();
      await pool.end();
    }
  });
  it("names no request: not the one that opened the connection, in whose context the client's events run", () => {
    const { logger, lines } = recordingLogger();
    const pool = new FakePool();
    logLostConnections(pool, logger);
    const idle = withCorrelation('request-that-opened-it', () => pool.connect());
    const busy = withCorrelation('request-that-opened-it', () => pool.connect());
    pool.emit('acquire', busy);
    withCorrelation('request-that-opened-it', () => {
      pool.failIdle(idle, new Error('Connection terminated unexpectedly'));
      busy.emit('error', new Error('Connection terminated unexpectedly'));
    });
    expect(lines.map((line) => [line.level, line.correlationId])).toEqual([
      [WARN, undefined],
      [ERROR, undefined],
    ]);
  });
});

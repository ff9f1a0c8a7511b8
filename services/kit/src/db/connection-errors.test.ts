import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './connection-errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a server going away or not yet taking sessions', () => {
    expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: withCode('x', '57P01') }))).toBe(true);
  });

  it('leaves everything else to be reported', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('relation "x" does not exist', '42P01'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('no budget for chapter 3'))).toBe(false);
    expect(isDatabaseUnavailable('a string')).toBe(false);
  });
});

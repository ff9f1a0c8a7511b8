/**
 * SQLSTATE classes and codes that mean "the server went away or is not taking sessions yet", not "this
 * statement is wrong": class 08 (connection exception), 57P01–57P03 (admin shutdown, crash shutdown,
 * cannot connect now — a restart in progress).
 */
const transientSqlStates = /^(08...|57P0[1-3])$/;
const transientSystemCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/** What node-postgres says when a connection dies under it (it sets no code for these). */
const transientMessages = [/connection terminated/i, /not queryable/i, /connection .*closed/i];

/**
 * True when a database call failed because the database was unreachable (a PostgreSQL restart or a network
 * cut), so the same work will succeed later: callers leave it to be retried instead of recording a failure.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const { message, cause } = current;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (transientSqlStates.test(code) || transientSystemCodes.has(code))) return true;
    if (transientMessages.some((pattern) => pattern.test(message))) return true;
    current = cause;
  }
  return false;
}

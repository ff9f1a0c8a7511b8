import { BookwrightError } from '../client/bookwright-error';
import { BookFailedError } from '../flows/create-book';

/** What `bookwright` exits with, for scripts: one meaning each, listed in `--help` and docs/api/README.md. */
export const exitCodes = {
  ok: 0,
  /** Anything else: a server error (5xx), a bug, a file that could not be written. */
  unexpected: 1,
  /** The command line was wrong (unknown command or option, missing argument). */
  usage: 2,
  /** Not signed in, or refused: no token, a token unknown, revoked or expired (401), or refused (403). */
  refused: 3,
  /** No such book or resource, or not one you may see (404). */
  notFound: 4,
  /** The plan does not allow it: the API needs Enterprise (402). */
  planNeeded: 5,
  /** Rate limited (429): wait for Retry-After. */
  rateLimited: 6,
  /** The book failed (planning or writing), or left the library while it was waited for. */
  bookFailed: 7,
  /** The server could not be reached. */
  unreachable: 8,
  /** The request was refused as invalid (400, 409, 412, 413, 415, 422): the message says why. */
  invalid: 9,
} as const;

export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];

export const exitCodeHelp = [
  'Exit codes:',
  '  0  done',
  '  1  unexpected failure (a server error, a file not written)',
  '  2  usage: a wrong command line',
  '  3  not signed in, or refused: no token, a token unknown, revoked or expired (401), or refused (403)',
  '  4  not found (404)',
  '  5  plan needed: the API needs the Enterprise plan (402)',
  '  6  rate limited (429): try again after the time the message gives',
  '  7  the book failed',
  '  8  the server could not be reached',
  '  9  the request was invalid (400, 409, 413, …): the message says why',
].join('\n');

/** The exit code of an error a command threw. */
export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof BookFailedError) return exitCodes.bookFailed;
  if (error instanceof UsageError) return exitCodes.usage;
  if (error instanceof NotSignedInError) return exitCodes.refused;
  if (!(error instanceof BookwrightError)) return exitCodes.unexpected;
  const { status } = error;
  if (status === 0) return exitCodes.unreachable;
  if (status === 401 || status === 403) return exitCodes.refused;
  if (status === 404) return exitCodes.notFound;
  if (status === 402) return exitCodes.planNeeded;
  if (status === 429) return exitCodes.rateLimited;
  if (status >= 400 && status < 500) return exitCodes.invalid;
  return exitCodes.unexpected;
}

/** A command line that parses but cannot be carried out as given (exit 2). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** No token in the environment or the saved configuration (exit 3). */
export class NotSignedInError extends Error {
  override readonly name = 'NotSignedInError';
  constructor() {
    super('Not signed in: set BOOKWRIGHT_TOKEN, or run `bookwright login --token` (make a token in Settings → API)');
  }
}

import type { Command } from 'commander';
import { Bookwright } from '../client/bookwright';
import { readConfig } from './config-store';
import { NotSignedInError } from './exit-codes';

export const defaultUrl = 'http://localhost:8080';

/** What every command works with: where the server is, how to print, and the signed-in client. */
export interface CliContext {
  url: string;
  json: boolean;
  /** Machine output (stdout): JSON under --json, else the human result. */
  out(text: string): void;
  /** Human text and progress (stderr), so stdout stays parseable. */
  note(text: string): void;
  /** Prints a JSON value on stdout. */
  printJson(value: unknown): void;
  /** A client with the token of BOOKWRIGHT_TOKEN or `login`; throws when there is none (exit 3). */
  client(): Bookwright;
}

/**
 * The server and token: `--url`, then BOOKWRIGHT_URL, then the saved configuration, then localhost:8080;
 * the token from BOOKWRIGHT_TOKEN, then the saved configuration (the environment wins, as gh's GH_TOKEN does).
 */
export async function contextOf(command: Command, env: NodeJS.ProcessEnv = process.env): Promise<CliContext> {
  const options = command.optsWithGlobals<{ url?: string; json?: boolean }>();
  const saved = await readConfig();
  const url = (options.url ?? env.BOOKWRIGHT_URL?.trim() ?? saved.url ?? defaultUrl).replace(/\/+$/, '') || defaultUrl;
  const token = env.BOOKWRIGHT_TOKEN?.trim() || saved.token;
  const json = options.json === true;
  return {
    url,
    json,
    out: (text) => process.stdout.write(`${text}\n`),
    note: (text) => process.stderr.write(`${text}\n`),
    printJson: (value) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`),
    client() {
      if (!token) throw new NotSignedInError();
      return Bookwright.withToken({ baseUrl: url, token });
    },
  };
}

import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import type { Command } from 'commander';
import { Bookwright } from '../../client/bookwright';
import { BookwrightError } from '../../client/bookwright-error';
import { configPath, readConfig, removeConfigToken, writeConfig } from '../config-store';
import { contextOf } from '../context';
import { UsageError } from '../exit-codes';

/** Reads the token from stdin: piped (`… | bookwright login --token`), or typed at a prompt that does not echo it. */
async function readTokenFromStdin(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8').trim();
  }
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const prompt = createInterface({ input: process.stdin, output, terminal: true });
  try {
    process.stderr.write('Paste your API token (it is not shown): ');
    muted = true;
    const answer = await prompt.question('');
    process.stderr.write('\n');
    return answer.trim();
  } finally {
    prompt.close();
  }
}

/** The account a token speaks for; a token without books:read is still valid, and says so. */
async function checkToken(url: string, token: string): Promise<{ email?: string; note?: string }> {
  const client = Bookwright.withToken({ baseUrl: url, token });
  try {
    const user = await client.ok(client.api.GET('/api/v1/user/current-user'));
    return { email: user.email };
  } catch (error) {
    // Resolved, then refused for its scope: the token is real (an unknown one answers 401 before any scope).
    if (error instanceof BookwrightError && error.status === 403 && /scope/.test(error.msg))
      return { note: 'the token is valid, but without books:read it cannot read the account' };
    throw error;
  }
}

export function registerLogin(program: Command): void {
  program
    .command('login')
    .description('Save an API token (and the server) for later commands, after checking it with the server')
    .option('--token [token]', 'the API token (bw_pat_…); without a value it is read from stdin, out of shell history')
    .addHelpText(
      'after',
      '\nMake a token in Settings → API (Enterprise). Saved in $XDG_CONFIG_HOME/bookwright/config.json\n' +
        '(or ~/.config/bookwright/config.json), readable only by you. BOOKWRIGHT_TOKEN, when set, wins over it.\n\n' +
        'Examples:\n  bookwright login --token < token.txt\n  bookwright login --url https://books.example.com --token',
    )
    .action(async (options: { token?: string | true }, command: Command) => {
      if (options.token === undefined)
        throw new UsageError('Sign in with an API token: `bookwright login --token` (make one in Settings → API)');
      const ctx = await contextOf(command);
      const token = options.token === true ? await readTokenFromStdin() : options.token.trim();
      if (!token) throw new UsageError('No token given');
      const checked = await checkToken(ctx.url, token);
      const path = configPath();
      await writeConfig({ ...(await readConfig()), url: ctx.url, token });
      if (ctx.json) ctx.printJson({ url: ctx.url, email: checked.email ?? null, configPath: path });
      else {
        ctx.note(`Signed in to ${ctx.url}${checked.email ? ` as ${checked.email}` : ''}; token saved in ${path}`);
        if (checked.note) ctx.note(`Note: ${checked.note}`);
      }
    });

  program
    .command('logout')
    .description('Forget the saved token (the token itself stays valid: revoke it in Settings → API)')
    .action(async (_options: unknown, command: Command) => {
      const ctx = await contextOf(command);
      const removed = await removeConfigToken();
      if (ctx.json) ctx.printJson({ removed });
      else ctx.note(removed ? 'Saved token removed' : 'No saved token');
    });
}

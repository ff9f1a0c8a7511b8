import { Command, CommanderError } from 'commander';
import { BookwrightError } from '../client/bookwright-error';
import { registerBooks } from './commands/books';
import { registerLogin } from './commands/login';
import { registerWebhooks } from './commands/webhooks-listen';
import { exitCodeHelp, exitCodeOf, exitCodes } from './exit-codes';

const environmentHelp = [
  'Environment:',
  '  BOOKWRIGHT_URL             the server (default: the saved one, else http://localhost:8080)',
  '  BOOKWRIGHT_TOKEN           an API token (bw_pat_…); wins over the one `login` saved',
  '  BOOKWRIGHT_WEBHOOK_SECRET  the signing secret for `webhooks listen`',
  '  XDG_CONFIG_HOME            where `login` saves (default ~/.config): bookwright/config.json',
].join('\n');

/** The `bookwright` program: every command reads --url and --json, wherever they stand on the line. */
export function buildProgram(): Command {
  const program = new Command('bookwright')
    .description('Bookwright from the command line: create, follow and export books; receive webhooks')
    .option('--url <url>', 'the Bookwright server, e.g. https://books.example.com')
    .option('--json', 'machine output on stdout (progress and messages stay on stderr)')
    .addHelpText(
      'after',
      `\n${environmentHelp}\n\n${exitCodeHelp}\n\nThe API: docs/api/README.md, and /api/docs on the server.`,
    )
    .showHelpAfterError('(add --help for usage)')
    .exitOverride();
  registerLogin(program);
  registerBooks(program);
  registerWebhooks(program);
  return program;
}

/** Runs one command line and answers its exit code; what went wrong is on stderr (and stdout under --json). */
export async function run(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCodes.ok;
  } catch (error) {
    // Commander has printed its own message (or the help): 0 for --help and --version, 2 for a usage error.
    if (error instanceof CommanderError) return error.exitCode === 0 ? exitCodes.ok : exitCodes.usage;
    const code = exitCodeOf(error);
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`bookwright: ${message}\n`);
    if (argv.includes('--json')) {
      const status = error instanceof BookwrightError ? error.status : null;
      const issues = error instanceof BookwrightError ? (error.issues ?? null) : null;
      process.stdout.write(`${JSON.stringify({ error: { exitCode: code, status, msg: message, issues } })}\n`);
    }
    if (code === exitCodes.unexpected && !(error instanceof BookwrightError) && error instanceof Error && error.stack)
      process.stderr.write(`${error.stack}\n`);
    return code;
  }
}

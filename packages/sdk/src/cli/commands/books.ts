import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import ora from 'ora';
import type { Schemas } from '../../client/bookwright';
import { createBookAndWait, planBook, type BookProgress, type PlanRequest } from '../../flows/create-book';
import { downloadBook } from '../../flows/export-book';
import { contextOf } from '../context';

type BookSummary = Schemas['BookSummary'];

/** `ID  STATUS  TITLE` lines, the columns padded to their widest value. */
export function bookTable(books: BookSummary[]): string {
  if (books.length === 0) return 'No books yet';
  const rows = [['ID', 'STATUS', 'TITLE'], ...books.map((b) => [b._id, b.status, b.title])];
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => `${row[0]!.padEnd(widths[0]!)}  ${row[1]!.padEnd(widths[1]!)}  ${row[2]}`).join('\n');
}

/** A progress line for the spinner. */
export function progressText(progress: BookProgress): string {
  if (progress.status === 'writing' && progress.chaptersTotal)
    return `Writing: chapter ${progress.chaptersWritten ?? 0} of ${progress.chaptersTotal}`;
  const words: Record<string, string> = {
    planning: 'Planning the book',
    validation: 'Plan ready; starting to write',
    writing: 'Writing',
    translating: 'Translating',
    ready: 'Ready',
    failed: 'Failed',
  };
  return words[progress.status] ?? progress.status;
}

export function registerBooks(program: Command): void {
  const books = program.command('books').description('List, create and export books');

  books
    .command('list')
    .description('Your books, newest first')
    .action(async (_options: unknown, command: Command) => {
      const ctx = await contextOf(command);
      const client = ctx.client();
      const list = await client.ok(client.api.GET('/api/v1/book'));
      if (ctx.json) ctx.printJson(list);
      else ctx.out(bookTable(list));
    });

  books
    .command('create')
    .description('Create a book from an idea: plan it, and with --wait write it and wait until it is ready')
    .requiredOption('--idea <text>', 'what the book is about')
    .option('--title <title>', 'the title (default: the idea’s first sentence)')
    .option('--genre <genre>', 'one of the API’s genres', 'fiction')
    .option('--language <language>', 'the language it is written in', 'english')
    .option('--audience <audience>', 'the target audience', 'Adult readers')
    .option('--author <name>', 'with --wait: fill the EPUB metadata (author, identifier) once it is ready')
    .option('--wait', 'accept the plan as made, write the book and wait until it is ready (on the event stream)')
    .addHelpText(
      'after',
      '\nWithout --wait the book stops after planning, in review ("Action needed" in the web app).\n\n' +
        'Example:\n  bookwright books create --idea "A lighthouse keeper finds letters from 1890" --wait --json',
    )
    .action(
      async (
        options: {
          idea: string;
          title?: string;
          genre: string;
          language: string;
          audience: string;
          author?: string;
          wait?: boolean;
        },
        command: Command,
      ) => {
        const ctx = await contextOf(command);
        const client = ctx.client();
        const idea = {
          idea: options.idea,
          ...(options.title ? { title: options.title } : {}),
          // Checked by the server, which answers 400 naming the field (exit 9).
          genre: options.genre as PlanRequest['genre'],
          language: options.language as PlanRequest['language'],
          targetAudience: options.audience,
        };
        if (!options.wait) {
          const book = await planBook(client, idea);
          if (ctx.json) ctx.printJson(book);
          else ctx.out(`${book._id}  ${book.status}  ${book.title}`);
          return;
        }
        const spinner = ora({ text: 'Planning the book', stream: process.stderr }).start();
        const controller = new AbortController();
        const stop = () => controller.abort(new Error('interrupted'));
        process.once('SIGINT', stop);
        try {
          const book = await createBookAndWait(
            client,
            { ...idea, ...(options.author ? { author: options.author } : {}) },
            { onProgress: (progress) => (spinner.text = progressText(progress)), signal: controller.signal },
          );
          spinner.succeed(`Ready: ${book.title} (${book._id})`);
          if (ctx.json) ctx.printJson(book);
          else ctx.out(book._id);
        } catch (error) {
          spinner.fail(error instanceof Error ? error.message : String(error));
          throw error;
        } finally {
          process.off('SIGINT', stop);
        }
      },
    );

  books
    .command('export')
    .description('Export a ready book as EPUB or KDP print PDF, into a file')
    .argument('<id>', 'the book’s id (see `bookwright books list`)')
    .addOption(new Option('--format <format>', 'the file format').choices(['epub', 'pdf']).makeOptionMandatory())
    .option('-o, --output <file>', 'where to write it (default: the server’s file name, here)')
    .action(async (id: string, options: { format: 'epub' | 'pdf'; output?: string }, command: Command) => {
      const ctx = await contextOf(command);
      const client = ctx.client();
      const spinner = ora({ text: `Exporting ${options.format.toUpperCase()}`, stream: process.stderr }).start();
      try {
        const body = options.format === 'epub' ? { format: 'epub' as const } : { format: 'pdf' as const };
        // Without -o, the server's name for the file (the spec's download name), in the current folder.
        const output = options.output;
        const saved = await downloadBook(
          client,
          id,
          body,
          (fileName) => resolve(output ?? fileName),
          (bytes) => (spinner.text = `Downloading: ${(bytes / 1024).toFixed(0)} KB`),
        );
        const { path } = saved;
        spinner.succeed(`Saved ${path} (${saved.bytes} bytes)`);
        if (ctx.json)
          ctx.printJson({ path, bytes: saved.bytes, fileName: saved.fileName, contentType: saved.contentType });
      } catch (error) {
        spinner.fail(error instanceof Error ? error.message : String(error));
        throw error;
      }
    });
}

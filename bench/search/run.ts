/**
 * Book search bench (issue 47): GET /book/search's handler (book.search) over a library of 50 books of
 * 100,000 words, on the real database (PGlite, or PostgreSQL when DATABASE_URL is set).
 *
 *   search:  searchBooks for a name in a few chapters of a few books, for a word in every chapter of every
 *            book (20 books listed, 3 passages each: the most work an answer can hold), for a word that is
 *            nowhere, and for two letters that are nowhere (the slowest scan).
 *   anchors: listing the same library (listBooks: the same access rule, no text), and a plain sequential
 *            scan: every chapter's stored nodes read and searched in the service, as a search without the
 *            folded column would have to.                        Targets: ≤ 0.75× the scan; ≤ 40× the list.
 *
 *   node --import tsx bench/search/run.ts [--books 50] [--words 100000] [--runs 9]
 *
 * Medians of `--runs` interleaved runs.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { foldForSearch } from '@bookwright/contracts/text';
import { type TiptapNode } from '@bookwright/contracts/http';
import { createInProcessBus, OutboxRelay, silentLogger } from '@bookwright/kit';
import { createTestDatabase } from '@bookwright/kit/testing';
import { migrations } from '../../services/book/src/db/migrations';
import type { BookDatabase } from '../../services/book/src/db/schema';
import type { BookHandlerDeps } from '../../services/book/src/handlers/deps';
import { listBooks } from '../../services/book/src/handlers/list';
import { searchBooks } from '../../services/book/src/handlers/search';
import { booksRepository } from '../../services/book/src/repositories/books.repository';
import { bookRow } from '../../services/book/src/testing/book-row';
import { chapterText } from '../../services/book/src/domain/stored-manuscript';
import { everyonePays } from '../../services/book/src/access/payer-plans';
import { SavedChaptersMemory } from '../../services/book/src/domain/saved-chapters';
import { printResults, type BenchFigure } from '../support/results';

// Set after the first runs (0.2–0.53× and 4.5–13.6×, bench/README): guards against regressions, not promises.
const targets = { scan: 0.75, list: 40 };
const { values } = parseArgs({
  options: {
    books: { type: 'string', default: '50' },
    words: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '9' },
  },
});
const bookCount = Number(values.books);
const words = Number(values.words);
const runs = Number(values.runs);
const chaptersPerBook = 30;

const vocabulary = (
  'the keeper read a letter by lamp light while sea wind pushed at old glass and gulls cried over grey ' +
  'water where boats rocked slowly near harbour walls of stone'
).split(' ');

/** A 30-chapter manuscript; the name Zoë appears once in chapter 7 of every tenth book. */
function manuscript(book: number): string {
  const perChapter = Math.ceil(words / chaptersPerBook);
  const content: unknown[] = [];
  for (let chapter = 0; chapter < chaptersPerBook; chapter += 1) {
    content.push({ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: `Chapter ${chapter + 1}` }] });
    for (let written = 0, p = 0; written < perChapter; p += 1) {
      const n = Math.min(120, perChapter - written);
      const text = Array.from(
        { length: n },
        (_, i) => vocabulary[(i * 7 + p * 3 + chapter + book) % vocabulary.length],
      ).join(' ');
      const named = book % 10 === 0 && chapter === 6 && p === 3 ? ' Then Zoë came.' : '';
      content.push({ type: 'paragraph', content: [{ type: 'text', text: `${text}.${named}` }] });
      written += n;
    }
  }
  return JSON.stringify({ type: 'doc', content });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

function handlerDeps(db: BookHandlerDeps['db']): BookHandlerDeps {
  const bus = createInProcessBus({ logger: silentLogger() });
  return {
    db,
    relay: new OutboxRelay({ db, bus, logger: silentLogger() }),
    bus,
    blobs: undefined as never,
    logger: silentLogger(),
    newId: randomUUID,
    retention: undefined as never,
    savedChapters: new SavedChaptersMemory(),
    payers: everyonePays,
  };
}

async function seed(db: BookHandlerDeps['db']): Promise<number> {
  const start = performance.now();
  for (let book = 0; book < bookCount; book += 1) {
    await booksRepository.insert(
      db,
      bookRow({
        id: `book-${book}`,
        user_id: 'author',
        status: 'ready',
        title: `Bench ${book}`,
        book_content: manuscript(book),
      }),
    );
  }
  return performance.now() - start;
}

/** The anchor: a search without the folded column, reading every chapter's nodes and searching them here. */
function plainScan(db: BookHandlerDeps['db'], q: string) {
  return async () => {
    const folded = foldForSearch(q);
    const rows = await db
      .selectFrom('book_chapters')
      .innerJoin('books', 'books.id', 'book_chapters.book_id')
      .select(['book_chapters.book_id', 'book_chapters.nodes'])
      .where('books.user_id', '=', 'author')
      .where('books.deleted_at', 'is', null)
      .execute();
    return rows.filter((row) =>
      foldForSearch(chapterText(JSON.parse(`[${row.nodes}]`) as TiptapNode[])).includes(folded),
    );
  };
}

const database = await createTestDatabase<BookDatabase>('bench_search', migrations);
try {
  const db = database.db;
  const deps = handlerDeps(db);
  const seeded = await seed(db);
  const { rows: size } = await sql<{ mb: number }>`
    select round(sum(octet_length(search_text))::numeric / 1e6, 1)::float as mb from book_chapters`.execute(db);
  console.log(
    `seeded ${bookCount} books of ${words.toLocaleString('en-GB')} words (${size[0]?.mb} MB of folded text) in ${(seeded / 1000).toFixed(1)} s`,
  );

  const search = (q: string) => () => searchBooks(deps)({ userId: 'author', q });
  const list = () => listBooks(deps)({ userId: 'author' });
  // Two letters found nowhere: the slowest query (strpos skips less the shorter the pattern, and stops nowhere).
  const subjects = {
    name: search('Zoe'),
    everywhere: search('letter'),
    nowhere: search('quixote'),
    short: search('zq'),
  };
  const anchors = { list, scan: plainScan(db, 'Zoe') };
  const found = await subjects.name();
  const everywhere = await subjects.everywhere();
  console.log(
    `"Zoe": ${found.results.length} books, first passage "${found.results[0]?.matches[0]?.passage}"; "letter": ${everywhere.results.length} books (truncated ${everywhere.truncated}), ${everywhere.results.reduce((n, r) => n + r.matches.length, 0)} passages`,
  );
  if (found.results.length !== Math.ceil(bookCount / 10)) throw new Error('the search missed a planted name');
  if ((await anchors.scan()).length !== Math.ceil(bookCount / 10)) throw new Error('the scan missed a planted name');

  const samples: Record<string, number[]> = {};
  const all = { ...subjects, ...anchors };
  for (let i = 0; i < runs; i += 1) {
    for (const [name, fn] of Object.entries(all)) (samples[name] ??= []).push(await time(fn));
  }
  const m = Object.fromEntries(Object.entries(samples).map(([name, xs]) => [name, median(xs)])) as Record<
    keyof typeof all,
    number
  >;
  for (const [name, ms] of Object.entries(m)) console.log(`${name}: ${ms.toFixed(1)} ms`);
  printResults('search', figures(m));
} finally {
  await database.close();
}

function figures(m: Record<'name' | 'everywhere' | 'nowhere' | 'short' | 'list' | 'scan', number>): BenchFigure[] {
  const mode = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const round = (n: number) => Math.round(n * 10) / 10;
  const scanAnchor = { name: 'plain scan of the stored chapters', value: round(m.scan) };
  const listAnchor = { name: 'GET /book of the same library', value: round(m.list) };
  const row = (what: string, value: number, anchor: { name: string; value: number }, target: number) => ({
    figure: `search (${mode}): ${what}, ${bookCount} books of ${words} words`,
    value: round(value),
    unit: 'ms',
    anchor,
    ratio: Math.round((value / anchor.value) * 1000) / 1000,
    target: `≤ ${target}×`,
    met: value / anchor.value <= target,
  });
  return [
    row('a name in 5 books', m.name, scanAnchor, targets.scan),
    row('a word in every chapter', m.everywhere, scanAnchor, targets.scan),
    row('two letters in no book', m.short, scanAnchor, targets.scan),
    row('a word in no book', m.nowhere, listAnchor, targets.list),
  ];
}

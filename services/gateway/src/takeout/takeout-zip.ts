import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { Book, CommentThread, TakeoutBook, TakeoutVersion } from '@bookwright/contracts';

/** What the zip will hold, known before the first byte leaves: small, every large body is loaded later. */
export interface TakeoutPlan {
  /** account.json */
  account: unknown;
  books: TakeoutPlanBook[];
}

export interface TakeoutPlanBook {
  bookId: string;
  title: string;
  deletedAt: string | null;
  hasManuscript: boolean;
  /** Shared with the account by someone else (their role may export it): kept under shared/. */
  shared: boolean;
  versions: TakeoutVersion[];
  /** Blob keys and types of its cover images. */
  covers: { key: string; contentType: string }[];
}

/** Where the large bodies come from, one at a time, when the zip reaches them. */
export interface TakeoutLoaders {
  book(bookId: string): Promise<Book>;
  version(bookId: string, revisionId: string): Promise<string>;
  blob(key: string): Promise<Uint8Array>;
  /** The book's comment threads: kept beside the manuscript, never in it. */
  comments(bookId: string): Promise<CommentThread[]>;
  /** A manuscript's or version's Markdown and printed JSON (export renders them). */
  renderings(bookId: string, content: string): Promise<TakeoutRenderings>;
}

export interface TakeoutRenderings {
  markdown: string;
  json: string;
}

/** `The Keeper of Letters!` → `the-keeper-of-letters`: readable, portable folder and file names. */
export function slug(text: string, fallback: string): string {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return plain || fallback;
}

export const bookFolder = (book: { bookId: string; title: string; shared?: boolean }): string =>
  `${book.shared ? 'shared' : 'books'}/${slug(book.title, 'book')}-${book.bookId}/`;

const extensionOf: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The takeout as a zip stream. Every entry is added up front with its name, but its bytes are produced only
 * when yazl reaches it (addReadStreamLazy), and yazl writes entries one after another as the reader takes
 * them: at most one book (and one cover or version) is held at a time, whatever the library's size. A
 * loader that fails ends the stream with that error; the caller cuts the download, so a broken zip is never
 * mistaken for a whole one.
 */
export function takeoutZip(
  plan: TakeoutPlan,
  load: TakeoutLoaders,
): { stream: NodeJS.ReadableStream; zip: yazl.ZipFile } {
  const zip = new yazl.ZipFile();
  const lazy = (name: string, produce: () => Promise<string | Uint8Array>) =>
    zip.addReadStreamLazy(name, (done) => {
      produce().then(
        (body) => done(null, Readable.from([typeof body === 'string' ? Buffer.from(body, 'utf8') : body])),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), Readable.from([])),
      );
    });

  zip.addBuffer(Buffer.from(json(plan.account), 'utf8'), 'account.json');

  // The book being written: its entries follow each other, so one load (and one rendering) serves them all.
  let held: { bookId: string; book: Promise<Book>; renderings?: Promise<TakeoutRenderings> } | undefined;
  const bookOf = (bookId: string) => {
    if (held?.bookId !== bookId) held = { bookId, book: load.book(bookId) };
    return held;
  };
  const manuscriptOf = (bookId: string) => {
    const book = bookOf(bookId);
    book.renderings ??= book.book.then(({ bookContent }) => load.renderings(bookId, bookContent ?? ''));
    return book.renderings;
  };

  for (const entry of plan.books) {
    const folder = bookFolder(entry);
    lazy(`${folder}book.json`, async () => {
      const { bookContent: _manuscript, ...book } = await bookOf(entry.bookId).book;
      const described: TakeoutBook = { ...book, trashed: entry.deletedAt !== null, deletedAt: entry.deletedAt };
      return json(described);
    });
    if (entry.hasManuscript) {
      lazy(`${folder}manuscript.md`, async () => (await manuscriptOf(entry.bookId)).markdown);
      lazy(`${folder}manuscript.json`, async () => (await manuscriptOf(entry.bookId)).json);
      // Comments are anchored to the text, so a book without one has none.
      lazy(`${folder}comments.json`, async () => json(await load.comments(entry.bookId)));
    }
    for (const cover of entry.covers) {
      // covers/<bookId>/<coverId>/<variant> → covers/<coverId>-<variant>.png; the cover's own files beside
      // its variants (art.png, source.json) keep their names.
      const [coverId = 'cover', variant = 'image'] = cover.key.split('/').slice(-2);
      const name = variant.includes('.') ? variant : `${variant}.${extensionOf[cover.contentType] ?? 'bin'}`;
      lazy(`${folder}covers/${coverId}-${name}`, () => load.blob(cover.key));
    }
    for (const version of entry.versions) {
      const stem = `${folder}versions/${version.createdAt.replace(/[:.]/g, '-')}-${slug(version.name, 'version')}`;
      let rendered: Promise<TakeoutRenderings> | undefined;
      const renderings = () =>
        (rendered ??= load.version(entry.bookId, version.id).then((text) => load.renderings(entry.bookId, text)));
      lazy(`${stem}.md`, async () => (await renderings()).markdown);
      lazy(`${stem}.json`, async () => {
        const { json: body } = await renderings();
        rendered = undefined; // its last entry: nothing keeps the text once it is written
        return body;
      });
    }
  }
  zip.end();
  return { stream: zip.outputStream, zip };
}

import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { Book, CommentThread, TakeoutBook, TakeoutVersion } from '@bookwright/contracts/http';

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
  /** Blob keys and types of the images inside its chapters (written to images/, named by manuscript.md). */
  images?: { key: string; contentType: string }[];
}

/** Where the large bodies come from, one at a time, when the zip reaches them. */
export interface TakeoutLoaders {
  book(bookId: string): Promise<Book>;
  version(bookId: string, revisionId: string): Promise<string>;
  blob(key: string): Promise<Uint8Array>;
  /** The book's comment threads: kept beside the manuscript, never in it. */
  comments(bookId: string): Promise<CommentThread[]>;
  /**
   * A manuscript's or version's Markdown and printed JSON (export renders them); the Markdown names each
   * image by its path in `imagePaths` (image id → path from the Markdown file).
   */
  renderings(bookId: string, content: string, imagePaths: Record<string, string>): Promise<TakeoutRenderings>;
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

/** A book's images as the takeout names them (images/<imageId>.png), by image id. */
function imageFiles(entry: TakeoutPlanBook): Map<string, { key: string; name: string }> {
  return new Map(
    (entry.images ?? []).map((image) => {
      const imageId = image.key.split('/').at(-1) ?? 'image';
      return [imageId, { key: image.key, name: `images/${imageId}.${extensionOf[image.contentType] ?? 'bin'}` }];
    }),
  );
}

/** Each image's path as seen from a file `prefix` away from the book's folder ('' or '../'). */
function imagePathsFrom(images: Map<string, { name: string }>, prefix: string): Record<string, string> {
  return Object.fromEntries([...images].map(([imageId, file]) => [imageId, `${prefix}${file.name}`]));
}

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
  const manuscriptOf = (bookId: string, imagePaths: Record<string, string>) => {
    const book = bookOf(bookId);
    book.renderings ??= book.book.then(({ bookContent }) => load.renderings(bookId, bookContent ?? '', imagePaths));
    return book.renderings;
  };

  for (const entry of plan.books) {
    const folder = bookFolder(entry);
    const images = imageFiles(entry);
    lazy(`${folder}book.json`, async () => {
      const { bookContent: _manuscript, ...book } = await bookOf(entry.bookId).book;
      const described: TakeoutBook = { ...book, trashed: entry.deletedAt !== null, deletedAt: entry.deletedAt };
      return json(described);
    });
    if (entry.hasManuscript) {
      const paths = imagePathsFrom(images, '');
      lazy(`${folder}manuscript.md`, async () => (await manuscriptOf(entry.bookId, paths)).markdown);
      lazy(`${folder}manuscript.json`, async () => (await manuscriptOf(entry.bookId, paths)).json);
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
    for (const file of images.values()) lazy(`${folder}${file.name}`, () => load.blob(file.key));
    for (const version of entry.versions) {
      const stem = `${folder}versions/${version.createdAt.replace(/[:.]/g, '-')}-${slug(version.name, 'version')}`;
      let rendered: Promise<TakeoutRenderings> | undefined;
      const renderings = () =>
        (rendered ??= load
          .version(entry.bookId, version.id)
          .then((text) => load.renderings(entry.bookId, text, imagePathsFrom(images, '../'))));
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

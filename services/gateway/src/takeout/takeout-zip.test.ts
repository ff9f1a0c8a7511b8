import { Writable } from 'node:stream';
import yauzl from 'yauzl';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { buildBook } from '@bookwright/contracts/testing';
import { bookFolder, slug, takeoutZip, type TakeoutPlanBook } from './takeout-zip';

const manuscript = JSON.stringify({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The lamp burned.' }] }],
});

/** What export answers, told apart from the stored text. */
const renderingsOf = async (content: string) => ({ markdown: `markdown of ${content}`, json: `json of ${content}` });

const planBook = (bookId: string): TakeoutPlanBook => ({
  bookId,
  title: `Book ${bookId}`,
  deletedAt: null,
  shared: false,
  hasManuscript: true,
  versions: [{ id: `${bookId}-v1`, name: 'First draft', createdAt: '2026-11-25T13:00:00.000Z', wordCount: 3 }],
  covers: [{ key: `covers/${bookId}/c1/master`, contentType: 'image/png' }],
});

describe('the takeout zip', () => {
  it('loads nothing before it is read, then one book at a time, in order, each once', async () => {
    const log: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const track = async <T>(what: string, value: T): Promise<T> => {
      log.push(what);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight -= 1;
      return value;
    };
    const { stream } = takeoutZip(
      { account: { profile: {} }, books: ['b1', 'b2', 'b3'].map(planBook) },
      {
        book: (bookId) => track(`book ${bookId}`, buildBook({ _id: bookId, bookContent: manuscript })),
        version: (bookId, id) => track(`version ${id}`, manuscript),
        blob: (key) => track(`blob ${key}`, new Uint8Array([137, 80, 78, 71])),
        comments: (bookId) => track(`comments ${bookId}`, []),
        renderings: async (bookId, content) => track(`renderings ${bookId}`, await renderingsOf(content)),
      },
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual([]);

    let bytes = 0;
    await pipeline(
      stream,
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done();
        },
      }),
    );
    expect(bytes).toBeGreaterThan(0);
    expect(log).toEqual(
      ['b1', 'b2', 'b3'].flatMap((id) => [
        `book ${id}`,
        `renderings ${id}`,
        `comments ${id}`,
        `blob covers/${id}/c1/master`,
        `version ${id}-v1`,
        `renderings ${id}`,
      ]),
    );
    expect(mostInFlight).toBe(1);
  });

  it('ends the stream with the error of a loader that fails', async () => {
    const { stream, zip } = takeoutZip(
      { account: {}, books: [planBook('b1')] },
      {
        book: () => Promise.reject(new Error('the book service is gone')),
        version: async () => manuscript,
        blob: async () => new Uint8Array(1),
        comments: async () => [],
        renderings: (_bookId, content) => renderingsOf(content),
      },
    );
    const failed = new Promise<Error>((resolve) => zip.on('error', resolve));
    stream.resume();
    expect((await failed).message).toBe('the book service is gone');
  });

  it("writes a book's comments to comments.json, its manuscript and versions as export renders them", async () => {
    const thread = {
      id: 't1',
      author: { id: 'u2', name: 'Carl Commenter' },
      body: 'A marginal note',
      anchor: { chapter: 1, quote: 'The lamp burned.' },
      createdAt: '2026-11-25T13:00:00.000Z',
      resolved: false,
      onDeletedText: false,
      replies: [
        {
          id: 'r1',
          author: { id: 'u1', name: 'Ada Lovelace' },
          body: 'An answer',
          createdAt: '2026-11-25T13:01:00.000Z',
        },
      ],
    };
    const { stream } = takeoutZip(
      { account: {}, books: [{ ...planBook('b1'), covers: [] }] },
      {
        book: async (bookId) => buildBook({ _id: bookId, bookContent: manuscript }),
        version: async () => 'the first draft',
        blob: async () => new Uint8Array(1),
        comments: async () => [thread],
        renderings: (_bookId, content) => renderingsOf(content),
      },
    );
    const entries = await unzipped(stream);
    const folder = bookFolder({ bookId: 'b1', title: 'Book b1' });
    expect(JSON.parse(entries.get(`${folder}comments.json`)!)).toEqual([thread]);
    expect(entries.get(`${folder}manuscript.md`)).toBe(`markdown of ${manuscript}`);
    expect(entries.get(`${folder}manuscript.json`)).toBe(`json of ${manuscript}`);
    const version = `${folder}versions/2026-11-25T13-00-00-000Z-first-draft`;
    expect(entries.get(`${version}.md`)).toBe('markdown of the first draft');
    expect(entries.get(`${version}.json`)).toBe('json of the first draft');
  });

  it('names folders after the title and the id', () => {
    expect(bookFolder({ bookId: 'b1', title: 'Émile & the Tide!' })).toBe('books/emile-the-tide-b1/');
    expect(bookFolder({ bookId: 'b2', title: '«»' })).toBe('books/book-b2/');
  });

  test.prop([fc.string({ maxLength: 200 })])('a slug is always a safe, short path segment', (title) => {
    const value = slug(title, 'book');
    expect(value).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(value.length).toBeLessThanOrEqual(60);
  });
});

/** The text of every entry of a zip stream, by name. */
async function unzipped(stream: NodeJS.ReadableStream): Promise<Map<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(Buffer.concat(chunks), { lazyEntries: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  const entries = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, (error, read) => {
        if (error) return reject(error);
        const parts: Buffer[] = [];
        read.on('data', (part: Buffer) => parts.push(part));
        read.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(parts).toString('utf8'));
          zip.readEntry();
        });
      }),
    );
    zip.readEntry();
  });
  return entries;
}

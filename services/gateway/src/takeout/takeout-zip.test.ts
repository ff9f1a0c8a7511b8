import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { buildBook } from '@bookwright/contracts/testing';
import { bookFolder, slug, takeoutZip, type TakeoutPlanBook } from './takeout-zip';

const manuscript = JSON.stringify({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The lamp burned.' }] }],
});

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
      },
      { onConversionError: () => undefined },
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
      ['b1', 'b2', 'b3'].flatMap((id) => [`book ${id}`, `blob covers/${id}/c1/master`, `version ${id}-v1`]),
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
      },
      { onConversionError: () => undefined },
    );
    const failed = new Promise<Error>((resolve) => zip.on('error', resolve));
    stream.resume();
    expect((await failed).message).toBe('the book service is gone');
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

import { describe, expect } from 'vitest';
import { fc, it } from '@fast-check/vitest';
import { Bookwright } from '../client/bookwright';
import { parseFrame } from '../events/book-event-stream';
import { BookFailedError, createBookAndWait, titleFromIdea } from './create-book';

const book = (status: string) => ({ _id: 'b1', title: 'T', status, failure: null });

/** A server that answers the plan and the stream from a script: the stream sends `frames`, then ends. */
function scripted(frames: string[]): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    if (path === '/api/v1/events')
      return new Response(['event: ready\ndata: {}\n\n', ...frames].join(''), {
        headers: { 'content-type': 'text/event-stream' },
      });
    if (path === '/api/v1/agent/plan') return Response.json(book('planning'), { status: 201 });
    if (path === '/api/v1/book/b1') return Response.json(book('failed'));
    return Response.json({ msg: 'Not found' }, { status: 404 });
  };
}

// The waits' bad paths, without a server: a book that fails, one trashed while waited for, and frames of any shape.
describe('waiting for a book on the event stream', () => {
  it('rejects with BookFailedError and the reason when the book fails', async () => {
    const bw = Bookwright.withToken({
      baseUrl: 'http://bookwright.test',
      token: 'bw_pat_x',
      fetch: scripted([
        'event: book.planned\ndata: {"bookId":"other","status":"validation"}\n\n',
        'event: book.failed\ndata: {"bookId":"b1","status":"failed","reason":"The model refused"}\n\n',
      ]),
    });
    const failed = await createBookAndWait(bw, { idea: 'An idea.' }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(BookFailedError);
    expect(failed).toMatchObject({ bookId: 'b1', reason: 'The model refused' });
  });

  it('rejects when the book is moved to the trash while waited for', async () => {
    const bw = Bookwright.withToken({
      baseUrl: 'http://bookwright.test',
      token: 'bw_pat_x',
      fetch: scripted(['event: book.trashed\ndata: {"bookId":"b1","movedTo":"trash"}\n\n']),
    });
    await expect(createBookAndWait(bw, { idea: 'An idea.' })).rejects.toBeInstanceOf(BookFailedError);
  });

  it('reads the book once after the stream ends, and stops on its status rather than waiting forever', async () => {
    const bw = Bookwright.withToken({ baseUrl: 'http://bookwright.test', token: 'bw_pat_x', fetch: scripted([]) });
    await expect(createBookAndWait(bw, { idea: 'An idea.' })).rejects.toBeInstanceOf(BookFailedError);
  });

  it.prop([fc.string()])('parses any frame text without throwing', (text) => {
    const frame = parseFrame(text);
    if (frame) expect(typeof frame.data).toBe('string');
  });

  it.prop([
    fc.array(
      fc.string().filter((s) => !/[\r\n]/.test(s)),
      { minLength: 1 },
    ),
  ])('joins data lines with newlines', (lines) => {
    const frame = parseFrame(lines.map((line) => `data: ${line}`).join('\n'));
    expect(frame?.data).toBe(lines.join('\n'));
  });

  it.prop([fc.string({ minLength: 1, maxLength: 400 })])('titles any idea with 1 to 81 characters', (idea) => {
    const title = titleFromIdea(idea);
    expect(title.length).toBeGreaterThan(0);
    expect(title.length).toBeLessThanOrEqual(81);
  });
});

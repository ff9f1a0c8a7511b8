import { describe, expect, it } from 'vitest';
import type { TiptapNode } from '@bookwright/contracts/http';
import { createManuscriptSender } from './manuscriptSender';
import type { ConditionalPatch, MinimalSaveOutcome, VersionedBook } from './conditionalRequests';

const paragraph = (text: string): TiptapNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const heading = (text: string): TiptapNode => ({
  type: 'heading',
  attrs: { level: 1 },
  content: [{ type: 'text', text }],
});
const chapter = (title: string, text: string) => [heading(title), paragraph(text)];
const text = (...chapters: TiptapNode[][]) => JSON.stringify({ type: 'doc', content: chapters.flat() });

describe('createManuscriptSender', () => {
  const book = { _id: 'b1', title: 'T', bookContent: 'old', etag: '"v1"', updatedAt: 'then' } as VersionedBook;

  /** `answers` are taken one by one; a save without one is stored at the next version. */
  function setup(answers: MinimalSaveOutcome[] = []) {
    const calls: ConditionalPatch[] = [];
    let version = 1;
    const send = createManuscriptSender({
      bookId: 'b1',
      book: () => book,
      patch: async (request) => {
        calls.push(request);
        return answers.shift() ?? { kind: 'saved', saved: { etag: `"v${++version}"`, updatedAt: `at v${version}` } };
      },
    });
    return { send, calls };
  }

  const first = text(chapter('One', 'a'), chapter('Two', 'b'));
  const second = text(chapter('One', 'a'), chapter('Two', 'b2'));

  it('sends the whole manuscript on the version it was made on, every time, and lays the answer over the page', async () => {
    const { send, calls } = setup();
    const firstSave = await send(first, '"v1"', 'r1', false);
    const secondSave = await send(second, '"v2"', 'r2', true);
    // Which chapters changed is the book service's to find (decision 0044): the page never cuts the text.
    expect(calls).toEqual([
      {
        target: 'content',
        bookId: 'b1',
        etag: '"v1"',
        requestId: 'r1',
        keepalive: false,
        body: { bookContent: first },
      },
      {
        target: 'content',
        bookId: 'b1',
        etag: '"v2"',
        requestId: 'r2',
        keepalive: true,
        body: { bookContent: second },
      },
    ]);
    // Answered with the version only: the page's book with the text sent is what the server now holds.
    expect(firstSave).toEqual({
      kind: 'saved',
      etag: '"v2"',
      book: { ...book, bookContent: first, etag: '"v2"', updatedAt: 'at v2' },
    });
    expect(secondSave).toEqual({
      kind: 'saved',
      etag: '"v3"',
      book: { ...book, bookContent: second, etag: '"v3"', updatedAt: 'at v3' },
    });
  });

  it('answers a 412, a refusal, a server failure or no answer as they came, sending nothing more', async () => {
    for (const answer of [
      { kind: 'conflict' },
      { kind: 'failed', status: 400, msg: 'no' },
      { kind: 'failed', status: 503 },
      { kind: 'offline' },
    ] as MinimalSaveOutcome[]) {
      const { send, calls } = setup([answer]);
      expect(await send(first, '"v1"', 'r1', false)).toEqual(answer);
      expect(calls).toHaveLength(1);
    }
  });
});

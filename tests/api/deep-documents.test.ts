import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentDepthMessages, maxDocumentDepth, type Book } from '@bookwright/contracts/http';
import { chapter, documentOf } from '@bookwright/contracts/testing';
import { startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { readyBook } from '../support/books';

/*
 * Issue 47: a manuscript nested thousands of levels deep answered 500 (the stack ran out in the gateway's
 * JSON.stringify and in the book service's schema). Every shape of PATCH /book/content/{id} now answers
 * 400 with the depth message, the book is left as it was, and the gateway keeps answering. The bodies are
 * written as text: the test's own JSON.stringify would run out of stack on them too.
 */

let system: TestSystem;
reportSystemFailures(() => system);
let client: HttpClient;
let bookId: string;
let etag: string;
beforeAll(async () => {
  system = await startTestSystem();
  const ready = await readyBook(system);
  client = ready.client;
  bookId = ready.book._id;
  const saved = await client.patch<Book>(`/api/v1/book/content/${bookId}`, {
    bookContent: JSON.stringify(documentOf(chapter('One', 'first'))),
  });
  expect(saved.status).toBe(200);
  etag = saved.body.etag;
});
afterAll(async () => {
  await system?.stop();
});

const heading = JSON.stringify(chapter('One')[0]);
/** A paragraph inside `quotes` blockquotes, as JSON text: 2 JSON levels a quote, 3 for the paragraph and its text. */
const quoted = (quotes: number) =>
  `${'{"type":"blockquote","content":['.repeat(quotes)}{"type":"paragraph","content":[{"type":"text","text":"deep"}]}${']}'.repeat(quotes)}`;
/** The document holding `quoted(quotes)` after a level-1 heading: its depth is 2 × quotes + 5 JSON levels. */
const deepDocument = (quotes: number) => `{"type":"doc","content":[${heading},${quoted(quotes)}]}`;
const quotesAtDepth = (depth: number) => Math.floor((depth - 5) / 2);

type Shape = 'object body' | 'JSON-string body' | 'chapters';
const shapes: Shape[] = ['object body', 'JSON-string body', 'chapters'];
function body(shape: Shape, quotes: number): string {
  if (shape === 'object body') return `{"bookContent":${deepDocument(quotes)}}`;
  if (shape === 'JSON-string body') return JSON.stringify({ bookContent: deepDocument(quotes) });
  return `{"chapters":[{"index":0,"content":[${heading},${quoted(quotes)}]}]}`;
}
const save = (shape: Shape, quotes: number, ifMatch: string) =>
  client.request<Book & { msg?: string }>('PATCH', `/api/v1/book/content/${bookId}`, {
    raw: body(shape, quotes),
    headers: { 'content-type': 'application/json', 'if-match': ifMatch, prefer: 'return=minimal' },
  });

describe('a document nested deeper than the editor can make it', () => {
  for (const shape of shapes) {
    for (const levels of [2_000, 100_000]) {
      it(`answers 400 for ${levels.toLocaleString('en')} levels as the ${shape}, storing nothing`, async () => {
        const refused = await save(shape, levels, etag);
        expect(refused.status).toBe(400);
        expect(refused.body.msg).toBe(documentDepthMessages.tooDeep);
        const book = await client.get<Book>(`/api/v1/book/${bookId}`);
        expect(book.status).toBe(200);
        expect(book.body.etag).toBe(etag);
        expect((await client.get('/api/v1/health/live')).status).toBe(200);
      });
    }
  }

  it('answers 400 for a book structure nested as deep, on PATCH /book/{id}', async () => {
    for (const levels of [2_000, 100_000]) {
      const refused = await client.request<{ msg?: string }>('PATCH', `/api/v1/book/${bookId}`, {
        raw: `{"newBookState":${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect({ status: refused.status, msg: refused.body.msg }).toEqual({
        status: 400,
        msg: documentDepthMessages.stateTooDeep,
      });
    }
    expect((await client.get<Book>(`/api/v1/book/${bookId}`)).body.etag).toBe(etag);
  });

  it('takes a document at the limit and refuses one a level past it, in every shape', async () => {
    const within = quotesAtDepth(maxDocumentDepth);
    expect(2 * within + 5).toBeLessThanOrEqual(maxDocumentDepth);
    for (const shape of shapes) {
      const refused = await save(shape, within + 1, etag);
      expect(refused.status, shape).toBe(400);
      expect(refused.body.msg).toBe(documentDepthMessages.tooDeep);
      const saved = await save(shape, within, etag);
      expect(saved.status, `${shape}: ${saved.body.msg}`).toBe(200);
      // Back to the one chapter, for the next shape's If-Match.
      const back = await client.patch<Book>(
        `/api/v1/book/content/${bookId}`,
        { bookContent: JSON.stringify(documentOf(chapter('One', 'first'))) },
        { headers: { 'if-match': saved.body.etag } },
      );
      expect(back.status).toBe(200);
      etag = back.body.etag;
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  conditionalSaveMessages,
  documentDepthMessages,
  maxDocumentDepth,
  type Book,
  type TiptapDocument,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { readyBook } from '../support/books';
import { chapter, documentOf, heading, paragraph } from '@bookwright/contracts/testing';

/*
 * The editor's whole save, whose changed chapters the book service alone finds (decision 0044; the gateway
 * forwarded them as a partial save under decision 0040): every answer, stored text and ETag must be the
 * whole save's own, in both modes.
 */

let system: TestSystem;
reportSystemFailures(() => system);
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system?.stop();
});

type Saved = Book & { msg?: string; etag: string };
const saveWhole = (client: HttpClient, bookId: string, body: TiptapDocument | string, ifMatch?: string) =>
  client.patch<Saved>(
    `/api/v1/book/content/${bookId}`,
    { bookContent: typeof body === 'string' ? body : JSON.stringify(body) },
    { headers: { prefer: 'return=minimal', ...(ifMatch ? { 'if-match': ifMatch } : {}) } },
  );
const stored = async (client: HttpClient, bookId: string) => (await client.get<Book>(`/api/v1/book/${bookId}`)).body;

async function bookWith(document: TiptapDocument) {
  const { client, book } = await readyBook(system);
  const first = await saveWhole(client, book._id, document, book.etag);
  expect(first.status).toBe(200);
  return { client, bookId: book._id, etag: first.body.etag };
}

describe('whole saves, one after another', () => {
  it('stores each manuscript as sent, and keeps the ETag for the same text', async () => {
    const start = documentOf(chapter('One', 'a'), chapter('Two', 'b'), chapter('Three', 'c'));
    const { client, bookId, etag } = await bookWith(start);
    const steps = [
      documentOf(chapter('One', 'a'), chapter('Two', 'b, edited'), chapter('Three', 'c')),
      documentOf(chapter('One', 'a'), chapter('Two', 'b, edited'), chapter('Three', 'c')),
      documentOf(chapter('One', 'a', 'more'), chapter('Two', 'b, edited'), chapter('Three', 'c'), chapter('Four')),
      documentOf(
        chapter('One', 'a', 'more'),
        chapter('Two', 'b, edited'),
        chapter('Three', 'c, edited'),
        chapter('Four'),
      ),
      documentOf(chapter('One', 'a', 'more'), chapter('Three', 'c, edited'), chapter('Four')),
      // Same count, the cut moved: the second chapter lost its heading, a new one splits the third.
      [
        paragraph('before'),
        ...chapter('One', 'a', 'more'),
        paragraph('c, edited'),
        ...chapter('Four'),
        ...chapter('Five'),
      ],
    ];
    let tag = etag;
    let previous = JSON.stringify(start);
    for (const step of steps) {
      const document = Array.isArray(step) ? { type: 'doc' as const, content: step } : step;
      const saved = await saveWhole(client, bookId, document, tag);
      expect(saved.status).toBe(200);
      const text = JSON.stringify(document);
      expect(saved.body.etag === tag, 'the ETag moves only when the text changes').toBe(text === previous);
      const book = await stored(client, bookId);
      expect(book.bookContent).toBe(text);
      expect(book.etag).toBe(saved.body.etag);
      tag = saved.body.etag;
      previous = text;
    }
  });

  it('refuses an invalid node in the changed chapter with the whole save’s own 400, storing nothing', async () => {
    const start = documentOf(chapter('One', 'a'), chapter('Two', 'b'), chapter('Three', 'c'));
    const { client, bookId, etag } = await bookWith(start);
    const invalid = JSON.stringify({
      type: 'doc',
      content: [...chapter('One', 'a'), ...chapter('Two'), { type: 'script', content: [] }, ...chapter('Three', 'c')],
    });
    const conditional = await saveWhole(client, bookId, invalid, etag);
    const unconditional = await saveWhole(client, bookId, invalid);
    expect(conditional.status).toBe(400);
    expect(conditional.body).toEqual(unconditional.body);
    expect(conditional.body.msg).toMatch(/^Book content is not a valid editor document: content\.3/);
    expect((await stored(client, bookId)).bookContent).toBe(JSON.stringify(start));
  });

  it('answers a stale If-Match with the 412 of the version another tab saved, or 200 for a retry', async () => {
    const start = documentOf(chapter('One', 'a'), chapter('Two', 'b'));
    const { client, bookId, etag } = await bookWith(start);
    const mine = documentOf(chapter('One', 'a'), chapter('Two', 'mine'));
    const first = await saveWhole(client, bookId, mine, etag);
    expect(first.status).toBe(200);
    // The same save again on the old tag (its answer lost): the book already holds it.
    const retry = await saveWhole(client, bookId, mine, etag);
    expect(retry.status).toBe(200);
    expect(retry.body.etag).toBe(first.body.etag);
    // Another tab saves; this tab's next save, on its tag, is refused.
    const other = documentOf(chapter('One', 'other tab'), chapter('Two', 'mine'));
    const theirs = await saveWhole(client, bookId, other, first.body.etag);
    expect(theirs.status).toBe(200);
    const stale = await saveWhole(
      client,
      bookId,
      documentOf(chapter('One', 'a'), chapter('Two', 'mine, later')),
      first.body.etag,
    );
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({
      msg: conditionalSaveMessages.stale,
      etag: theirs.body.etag,
      updatedAt: expect.any(String),
    });
    expect((await stored(client, bookId)).bookContent).toBe(JSON.stringify(other));
  });

  it('stores what the editor keeps of a node with a field it does not know, then the same text changes nothing', async () => {
    const start = documentOf(chapter('One', 'a'), chapter('Two', 'b'));
    const { client, bookId, etag } = await bookWith(start);
    const extra = documentOf(chapter('One', 'a'), [
      heading('Two'),
      { ...paragraph('b'), note: 'not kept' } as TiptapNode,
    ]);
    const first = await saveWhole(client, bookId, extra, etag);
    expect(first.status).toBe(200);
    expect(first.body.etag, 'the text the book keeps did not change').toBe(etag);
    expect((await stored(client, bookId)).bookContent).toBe(JSON.stringify(start));
    const again = await saveWhole(client, bookId, start, first.body.etag);
    expect(again.body.etag).toBe(etag);
  });

  it('holds for any run of edits: each save stored as sent, the ETag moving only with the text', async () => {
    const { client, bookId, etag } = await bookWith(documentOf(chapter('A', 'x'), chapter('B', 'y')));
    let tag = etag;
    let previous = JSON.stringify(documentOf(chapter('A', 'x'), chapter('B', 'y')));
    const chapterArb = fc
      .tuple(fc.constantFrom('A', 'B', 'C'), fc.array(fc.constantFrom('x', 'y', 'z'), { maxLength: 2 }))
      .map(([title, texts]) => chapter(title, ...texts));
    const documentArb = fc.array(chapterArb, { minLength: 1, maxLength: 4 }).map((chapters) => documentOf(...chapters));
    await fc.assert(
      fc.asyncProperty(fc.array(documentArb, { minLength: 1, maxLength: 4 }), async (documents) => {
        for (const document of documents) {
          const saved = await saveWhole(client, bookId, document, tag);
          expect(saved.status).toBe(200);
          const text = JSON.stringify(document);
          expect(saved.body.etag === tag).toBe(text === previous);
          expect((await stored(client, bookId)).bookContent).toBe(text);
          tag = saved.body.etag;
          previous = text;
        }
      }),
      { numRuns: 10 },
    );
  });

  it('holds at any depth: a document within the limit is stored, one past it refused with 400, as text or object', async () => {
    const { client, bookId } = await bookWith(documentOf(chapter('A', 'x')));
    // Quotes around a paragraph: 2 JSON levels each, 5 for the document, the paragraph and its text.
    const quoted = (quotes: number): TiptapNode =>
      quotes === 0 ? paragraph('deep') : { type: 'blockquote', content: [quoted(quotes - 1)] };
    const depthArb = fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 100, max: 140 }));
    await fc.assert(
      fc.asyncProperty(depthArb, fc.boolean(), async (quotes, asText) => {
        const document = documentOf([...chapter('A'), quoted(quotes)]);
        const text = JSON.stringify(document);
        const saved = await client.patch<Saved>(`/api/v1/book/content/${bookId}`, {
          bookContent: asText ? text : document,
        });
        if (2 * quotes + 5 <= maxDocumentDepth) {
          expect(saved.status, saved.body.msg).toBe(200);
          expect((await stored(client, bookId)).bookContent).toBe(text);
        } else {
          expect(saved.status).toBe(400);
          expect(saved.body.msg).toBe(documentDepthMessages.tooDeep);
        }
      }),
      { numRuns: 12 },
    );
  });
});

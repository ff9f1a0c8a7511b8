import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  chapterNodes,
  chaptersOf,
  conditionalSaveMessages,
  documentDepthMessages,
  maxDocumentDepth,
  partialSaveMessages,
  type Book,
  type SavedContent,
  type TiptapDocument,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { readyBook, waitForStatus, keeperOfLetters } from '../support/books';
import { chapter, documentOf, heading, paragraph } from '@bookwright/contracts/testing';

let system: TestSystem;
reportSystemFailures(() => system);
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system?.stop();
});

type Chapters = { index: number; content: TiptapNode[] }[];
const saveChapters = (client: HttpClient, bookId: string, chapters: Chapters, headers: Record<string, string> = {}) =>
  client.patch<Book & { msg?: string }>(`/api/v1/book/content/${bookId}`, { chapters }, { headers });
const saveWhole = (
  client: HttpClient,
  bookId: string,
  document: TiptapDocument,
  headers: Record<string, string> = {},
) => client.patch<Book>(`/api/v1/book/content/${bookId}`, { bookContent: JSON.stringify(document) }, { headers });
const read = async (client: HttpClient, bookId: string) => (await client.get<Book>(`/api/v1/book/${bookId}`)).body;

/** A ready book whose manuscript is three known chapters; answers its ETag. */
async function threeChapterBook() {
  const { client, book } = await readyBook(system);
  const start = documentOf(chapter('One', 'first'), chapter('Two', 'second'), chapter('Three', 'third'));
  const saved = await saveWhole(client, book._id, start);
  expect(saved.status).toBe(200);
  return { client, bookId: book._id, etag: saved.body.etag, start };
}

describe('partial saves: PATCH /book/content/{id} with chapters', () => {
  it('replaces only the chapters sent, under If-Match, and answers the book with its new ETag', async () => {
    const { client, bookId, etag } = await threeChapterBook();
    const saved = await saveChapters(client, bookId, [{ index: 1, content: chapter('Two', 'second, edited') }], {
      'if-match': etag,
    });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('etag')).toBe(saved.body.etag);
    expect(saved.body.etag).not.toBe(etag);
    const expected = documentOf(chapter('One', 'first'), chapter('Two', 'second, edited'), chapter('Three', 'third'));
    expect(saved.body.bookContent).toBe(JSON.stringify(expected));
    expect((await read(client, bookId)).bookContent).toBe(JSON.stringify(expected));
  });

  it('answers { etag, updatedAt } with Preference-Applied for Prefer: return=minimal, whole or partial', async () => {
    const { client, bookId, etag } = await threeChapterBook();
    const partial = await client.patch<SavedContent>(
      `/api/v1/book/content/${bookId}`,
      { chapters: [{ index: 0, content: chapter('One', 'changed') }] },
      { headers: { 'if-match': etag, prefer: 'return=minimal' } },
    );
    expect(partial.status).toBe(200);
    expect(partial.headers.get('preference-applied')).toBe('return=minimal');
    expect(Object.keys(partial.body).sort()).toEqual(['etag', 'updatedAt']);
    const now = await read(client, bookId);
    expect(partial.body).toEqual({ etag: now.etag, updatedAt: now.updatedAt });
    expect(partial.headers.get('etag')).toBe(now.etag);

    const whole = await client.patch<SavedContent>(
      `/api/v1/book/content/${bookId}`,
      { bookContent: JSON.stringify(documentOf(chapter('Only', 'one chapter now'))) },
      { headers: { 'if-match': now.etag, prefer: 'handling=lenient, return=minimal' } },
    );
    expect(whole.headers.get('preference-applied')).toBe('return=minimal');
    expect(whole.body).toEqual({ etag: (await read(client, bookId)).etag, updatedAt: expect.any(String) });
    // Without the preference nothing changes: the whole book, no Preference-Applied.
    const plain = await saveWhole(client, bookId, documentOf(chapter('Only', 'again')), {
      'if-match': whole.body.etag,
    });
    expect(plain.headers.get('preference-applied')).toBeNull();
    expect(plain.body.bookContent).toBe(JSON.stringify(documentOf(chapter('Only', 'again'))));
  });

  it('needs a real If-Match: 428 without one or with *, and stores nothing', async () => {
    const { client, bookId, start } = await threeChapterBook();
    const chapters = [{ index: 0, content: chapter('One', 'no tag') }];
    for (const headers of [{}, { 'if-match': '*' }] as Record<string, string>[]) {
      const res = await saveChapters(client, bookId, chapters, headers);
      expect(res.status).toBe(428);
      expect(res.body).toEqual({ msg: partialSaveMessages.ifMatchRequired });
    }
    expect((await read(client, bookId)).bookContent).toBe(JSON.stringify(start));
  });

  it('refuses a stale If-Match with the whole save’s 412, unless the book already holds the result', async () => {
    const { client, bookId, etag } = await threeChapterBook();
    const first = await saveChapters(client, bookId, [{ index: 2, content: chapter('Three', 'tab one') }], {
      'if-match': etag,
    });
    expect(first.status).toBe(200);
    const stale = await saveChapters(client, bookId, [{ index: 2, content: chapter('Three', 'tab two') }], {
      'if-match': etag,
    });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({
      msg: conditionalSaveMessages.stale,
      etag: first.body.etag,
      updatedAt: first.body.updatedAt,
    });
    // A retry of the save that passed (its answer lost) is answered 200 and changes nothing.
    const retry = await saveChapters(client, bookId, [{ index: 2, content: chapter('Three', 'tab one') }], {
      'if-match': etag,
    });
    expect(retry.status).toBe(200);
    expect(retry.body.etag).toBe(first.body.etag);
  });

  it('answers 400 for a chapter the manuscript does not have or an invalid node, 409 without a manuscript', async () => {
    const { client, bookId, etag, start } = await threeChapterBook();
    const unknown = await saveChapters(client, bookId, [{ index: 3, content: chapter('Four', 'x') }], {
      'if-match': etag,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe(partialSaveMessages.unknownChapter(3, 3));
    const invalid = await saveChapters(client, bookId, [{ index: 0, content: [{ type: 'script' }] }], {
      'if-match': etag,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.msg).toContain(partialSaveMessages.chapterInvalid);
    const twice = await saveChapters(
      client,
      bookId,
      [
        { index: 0, content: chapter('One', 'a') },
        { index: 0, content: chapter('One', 'b') },
      ],
      { 'if-match': etag },
    );
    expect(twice.status).toBe(400);
    expect((await read(client, bookId)).bookContent).toBe(JSON.stringify(start));

    // A book still being planned has no manuscript to cut into chapters.
    const author = system.client();
    await author.post('/api/v1/auth/sign-up', newAccount());
    await author.post('/api/v1/payment', { accountType: 'professional', currency: 'eur' });
    const created = await author.post<Book>('/api/v1/agent/plan', keeperOfLetters);
    const planned = await waitForStatus(author, created.body._id, 'validation');
    const none = await saveChapters(author, planned._id, [{ index: 0, content: chapter('One', 'x') }], {
      'if-match': planned.etag,
    });
    expect(none.status).toBe(409);
  });

  it('lets exactly one of two partial saves sent at once with the same If-Match through', async () => {
    const { client, bookId, etag } = await threeChapterBook();
    const answers = await Promise.all([
      saveChapters(client, bookId, [{ index: 0, content: chapter('One', 'tab one') }], { 'if-match': etag }),
      saveChapters(client, bookId, [{ index: 1, content: chapter('Two', 'tab two') }], { 'if-match': etag }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412]);
    const winner = answers.find((a) => a.status === 200)!;
    expect((await read(client, bookId)).bookContent).toBe(winner.body.bookContent);
  });

  it('stores after a sequence of partial saves exactly what a whole save of the same final text stores', async () => {
    const partial = await threeChapterBook();
    const whole = await threeChapterBook();
    let partialEtag = partial.etag;
    let wholeEtag = whole.etag;
    const texts = fc.stringMatching(/^[a-zA-Z ,.]{1,30}$/);
    const edit = fc.record({ index: fc.nat({ max: 2 }), paragraphs: fc.array(texts, { minLength: 1, maxLength: 3 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 4 }), async (edits) => {
        let document = JSON.parse((await read(partial.client, partial.bookId)).bookContent!) as TiptapDocument;
        for (const { index, paragraphs } of edits) {
          const content = [heading(`Chapter ${index}`), ...paragraphs.map(paragraph)];
          const saved = await saveChapters(partial.client, partial.bookId, [{ index, content }], {
            'if-match': partialEtag,
          });
          expect(saved.status).toBe(200);
          partialEtag = saved.body.etag;
          const parts = chaptersOf(document).map(chapterNodes);
          parts[index] = content;
          document = { type: 'doc', content: parts.flat() };
        }
        const saved = await saveWhole(whole.client, whole.bookId, document, { 'if-match': wholeEtag });
        expect(saved.status).toBe(200);
        wholeEtag = saved.body.etag;
        expect((await read(partial.client, partial.bookId)).bookContent).toBe(
          (await read(whole.client, whole.bookId)).bookContent,
        );
      }),
      { numRuns: 8 },
    );
  });

  it('holds at any depth: a chapter within the document limit is stored, one past it refused with 400', async () => {
    const { client, bookId, etag } = await threeChapterBook();
    let tag = etag;
    // Quotes around a paragraph: 2 JSON levels each, 5 with the document, the paragraph and its text.
    const quoted = (quotes: number): TiptapNode =>
      quotes === 0 ? paragraph('deep') : { type: 'blockquote', content: [quoted(quotes - 1)] };
    const depthArb = fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 100, max: 140 }));
    await fc.assert(
      fc.asyncProperty(depthArb, async (quotes) => {
        const content = [heading('Two'), quoted(quotes)];
        const saved = await saveChapters(client, bookId, [{ index: 1, content }], { 'if-match': tag });
        if (2 * quotes + 5 <= maxDocumentDepth) {
          expect(saved.status, saved.body.msg).toBe(200);
          tag = saved.body.etag;
          expect(chapterNodes(chaptersOf(JSON.parse((await read(client, bookId)).bookContent!))[1]!)).toEqual(content);
        } else {
          expect(saved.status).toBe(400);
          expect(saved.body.msg).toBe(documentDepthMessages.tooDeep);
          expect((await read(client, bookId)).etag).toBe(tag);
        }
      }),
      { numRuns: 12 },
    );
  });

  it('declares the chapters body, Prefer and the 428 in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${system.url}/api/v1/docs/json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; responses: object }>>;
    };
    const patch = doc.paths['/api/v1/book/content/{bookId}']!.patch!;
    expect(patch.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'prefer' })]),
    );
    expect(Object.keys(patch.responses)).toEqual(expect.arrayContaining(['200', '412', '428']));
    expect(JSON.stringify(patch)).toContain('chapters');
  });
});

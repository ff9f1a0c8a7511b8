import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowanceExhaustedMessages } from '@bookwright/contracts/bus';
import { translationMessages, type Book, type BookSummary, type User } from '@bookwright/contracts/http';
import { demoTranslationNotice } from '@bookwright/writer/offline';
import { readyBook, waitForStatus } from '../support/books';
import { newAccount, startTestSystem, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { SystemProbe } from '../support/system-probe';

async function waitForCover(client: ReturnType<TestSystem['client']>, bookId: string): Promise<string> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const { coverImage } = (await client.get<Book>(`/api/v1/book/${bookId}`)).body;
    if (coverImage) return coverImage;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`book ${bookId} got no cover`);
}

let system: TestSystem;
reportSystemFailures(() => system);
let probe: SystemProbe;
beforeAll(async () => {
  system = await startTestSystem();
  probe = await SystemProbe.open(system);
});
afterAll(async () => {
  await probe?.close();
  await system?.stop();
});

describe('POST /book/{id}/translate (the whole system over HTTP, offline writer)', () => {
  it('answers 202 with the new book, which translates to ready in its own language and counts one translation', async () => {
    const { client, book } = await readyBook(system, { plan: 'starter' });
    const left = async () => (await client.get<User>('/api/v1/user/current-user')).body.translationsLeftThisMonth;
    expect(await left()).toBe(5);

    const answer = await client.post<{ data: { bookId: string } }>(`/api/v1/book/${book._id}/translate`, {
      language: 'polish',
    });
    expect(answer.status).toBe(202);
    const { bookId } = answer.body.data;
    expect(bookId).not.toBe(book._id);
    expect(await left()).toBe(4);

    const library = (await client.get<BookSummary[]>('/api/v1/book')).body;
    expect(library.find((b) => b._id === bookId)).toMatchObject({
      language: 'polish',
      translation: { sourceBookId: book._id, sourceTitle: book.title, sourceLanguage: 'english' },
    });
    expect(['translating', 'ready']).toContain(library.find((b) => b._id === bookId)?.status);

    const translated: Book = await waitForStatus(client, bookId, 'ready');
    // Without a title of the author's, the suggestion: the original's, with the language named in it.
    expect(translated).toMatchObject({
      languageMetadata: 'pl',
      title: `${book.title} (Polski)`,
      bookState: book.bookState,
    });
    const text = translated.bookContent ?? '';
    expect(text).toContain('Rozdział 1');
    expect(text).toContain(demoTranslationNotice('polish'));
    const original = JSON.parse(book.bookContent ?? '{}') as { content: { type: string }[] };
    const copy = JSON.parse(text) as { content: { type: string }[] };
    expect(copy.content.map((n) => n.type)).toEqual(original.content.map((n) => n.type));
    expect((await client.get<Book>(`/api/v1/book/${book._id}`)).body.status).toBe('ready');
    // The copy of the original the writer read is gone once the translation is stored.
    expect(await probe.blobs.list(`translation-sources/${bookId}`)).toEqual([]);
  }, 180_000);

  it('titles the translation as the author edited it in the dialog, and never like the original', async () => {
    const { client, book } = await readyBook(system, { plan: 'starter' });
    const answer = await client.post<{ data: { bookId: string } }>(`/api/v1/book/${book._id}/translate`, {
      language: 'german',
      title: ' Der Hüter der Briefe ',
    });
    expect(answer.status).toBe(202);
    const titled = (await client.get<Book>(`/api/v1/book/${answer.body.data.bookId}`)).body;
    expect(titled.title).toBe('Der Hüter der Briefe');
    const tooLong = await client.post(`/api/v1/book/${book._id}/translate`, {
      language: 'french',
      title: 'x'.repeat(201),
    });
    expect(tooLong).toMatchObject({ status: 400, body: { msg: 'The title is at most 200 characters' } });
    const library = (await client.get<BookSummary[]>('/api/v1/book')).body;
    const titles = library.map((b) => b.title);
    expect(new Set(titles).size).toBe(titles.length);
  }, 180_000);

  it("gives the translation the original's cover art with the translation's title set over it", async () => {
    const { client, book } = await readyBook(system, { plan: 'starter' });
    const generated = await client.binary('POST', `/api/v1/book/cover/${book._id}`, {
      json: { style: 'illustrated', mood: 'peaceful', colorScheme: 'cool' },
    });
    expect(generated.status).toBe(200);
    const imageUrl = generated.headers.get('x-image-url')!;
    expect((await client.patch(`/api/v1/book/${book._id}`, { coverImage: imageUrl })).status).toBe(200);

    const answer = await client.post<{ data: { bookId: string } }>(`/api/v1/book/${book._id}/translate`, {
      language: 'german',
      title: 'Der Hüter der Briefe',
    });
    expect(answer.status).toBe(202);
    const { bookId } = answer.body.data;
    const translated: Book = await waitForStatus(client, bookId, 'ready');
    const coverImage = translated.coverImage ?? (await waitForCover(client, bookId));
    const [, , , , , , coverId] = coverImage.split('/');
    expect(coverImage).toBe(`/api/v1/book/${bookId}/cover-image/${coverId}/web`);
    expect(imageUrl).toBe(`/api/v1/book/${book._id}/cover-image/${coverId}/web`);

    // Its art is the original's; its design is the original's with the translation's title and language.
    const read = async (bookOf: string, name: string) =>
      (await probe.blobs.get(`covers/${bookOf}/${coverId}/${name}`))!.data;
    expect(await read(bookId, 'art.png')).toEqual(await read(book._id, 'art.png'));
    const source = JSON.parse((await read(bookId, 'source.json')).toString()) as {
      design: { title: string; language: string; style: string; seed: string };
    };
    const originalSource = JSON.parse((await read(book._id, 'source.json')).toString()) as typeof source;
    expect(source.design).toEqual({ ...originalSource.design, title: 'Der Hüter der Briefe', language: 'german' });
    expect(originalSource.design.title).toBe(book.title);
    // Served to its owner like any cover, and another picture than the original's.
    const served = await client.binary('GET', coverImage);
    expect(served.status).toBe(200);
    expect(served.bytes).not.toEqual((await client.binary('GET', imageUrl)).bytes);
  }, 180_000);

  it('refuses its own language, unknown and foreign books, and answers the spec 403 once the month’s are used', async () => {
    const { client, book } = await readyBook(system, { plan: 'starter' });
    const translate = (language: string) => client.post(`/api/v1/book/${book._id}/translate`, { language });
    expect(await translate('english')).toMatchObject({ status: 400, body: { msg: translationMessages.sameLanguage } });
    expect((await translate('klingon')).status).toBe(400);
    expect((await client.post('/api/v1/book/nope/translate', { language: 'french' })).status).toBe(404);
    const stranger = system.client();
    await stranger.post('/api/v1/auth/sign-up', newAccount());
    expect((await stranger.post(`/api/v1/book/${book._id}/translate`, { language: 'french' })).status).toBe(404);

    // A starter plan has 5 translations a month.
    for (const language of ['french', 'german', 'italian', 'spanish', 'dutch'])
      expect((await translate(language)).status).toBe(202);
    expect(await translate('swedish')).toMatchObject({
      status: 403,
      body: { msg: allowanceExhaustedMessages.translation },
    });
    const library = (await client.get<BookSummary[]>('/api/v1/book')).body;
    expect(library.filter((b) => b.translation?.sourceBookId === book._id)).toHaveLength(5);
  }, 180_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionalSaveMessages, type Book } from '@bookwright/contracts/http';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { keeperOfLetters, readyBook, waitForStatus, oneParagraph } from '../support/books';

let system: TestSystem;
reportSystemFailures(() => system);
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system?.stop();
});

const saveContent = (client: HttpClient, bookId: string, text: string, ifMatch?: string) =>
  client.patch<Book>(
    `/api/v1/book/content/${bookId}`,
    { bookContent: oneParagraph(text) },
    ifMatch === undefined ? {} : { headers: { 'if-match': ifMatch } },
  );

const metadata = (title: string) => ({
  title,
  author: 'A. Author',
  identifier: 'urn:uuid:1',
  languageMetadata: 'en',
});

describe('conditional saves over HTTP (ETag, If-Match, 412)', () => {
  it('answers an ETag, saves on a match with a new one, refuses a stale one with 412 and stores nothing', async () => {
    const { client, book } = await readyBook(system);
    const read = await client.get<Book>(`/api/v1/book/${book._id}`);
    const etag = read.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(read.body.etag).toBe(etag);

    const saved = await saveContent(client, book._id, 'from tab one', etag!);
    expect(saved.status).toBe(200);
    expect(saved.headers.get('etag')).toBe(saved.body.etag);
    expect(saved.body.etag).not.toBe(etag);

    const stale = await saveContent(client, book._id, 'from tab two', etag!);
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({
      msg: conditionalSaveMessages.stale,
      etag: saved.body.etag,
      updatedAt: saved.body.updatedAt,
    });
    const now = await client.get<Book>(`/api/v1/book/${book._id}`);
    expect(now.body.bookContent).toBe(oneParagraph('from tab one'));
    expect(now.headers.get('etag')).toBe(saved.body.etag);

    // Without If-Match the last write wins, as it always did for API clients; `*` matches any version.
    const blind = await saveContent(client, book._id, 'blind save');
    expect(blind.status).toBe(200);
    const any = await saveContent(client, book._id, 'any version', '*');
    expect(any.status).toBe(200);
    expect(any.body.bookContent).toBe(oneParagraph('any version'));
  });

  it('answers 400 with a message to a malformed If-Match, and saves nothing', async () => {
    const { client, book } = await readyBook(system);
    const before = (await client.get<Book>(`/api/v1/book/${book._id}`)).body;
    for (const header of ['', 'v1', 'abc', `W/${before.etag}`, '"not-ours"', `${before.etag}, junk`, '"v1" "v2"']) {
      const res = await saveContent(client, book._id, 'should not be stored', header);
      expect(res.status, header).toBe(400);
      expect(res.body, header).toEqual({ msg: conditionalSaveMessages.malformed });
      const meta = await client.patch(`/api/v1/book/metadata/${book._id}`, metadata('Nope'), {
        headers: { 'if-match': header },
      });
      expect(meta.status, header).toBe(400);
    }
    expect((await client.get<Book>(`/api/v1/book/${book._id}`)).body).toEqual(before);
  });

  it('lets exactly one of two saves sent at once with the same If-Match through', async () => {
    const { client, book } = await readyBook(system);
    const { etag } = (await client.get<Book>(`/api/v1/book/${book._id}`)).body;
    const answers = await Promise.all([
      saveContent(client, book._id, 'tab one', etag),
      saveContent(client, book._id, 'tab two', etag),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412]);
    const winner = answers.find((a) => a.status === 200)!;
    expect((await client.get<Book>(`/api/v1/book/${book._id}`)).body.bookContent).toBe(winner.body.bookContent);
  });

  it('applies the same rules to metadata saves, and a content save makes a metadata ETag stale', async () => {
    const { client, book } = await readyBook(system);
    const { etag } = (await client.get<Book>(`/api/v1/book/${book._id}`)).body;
    const saved = await client.patch<Book>(`/api/v1/book/metadata/${book._id}`, metadata('New title'), {
      headers: { 'if-match': etag },
    });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('etag')).toBe(saved.body.etag);
    const stale = await client.patch(`/api/v1/book/metadata/${book._id}`, metadata('Old tab title'), {
      headers: { 'if-match': etag },
    });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ msg: conditionalSaveMessages.stale, etag: saved.body.etag });
    const content = await saveContent(client, book._id, 'new text', saved.body.etag);
    expect(content.status).toBe(200);
    const afterContent = await client.patch(`/api/v1/book/metadata/${book._id}`, metadata('Another'), {
      headers: { 'if-match': saved.body.etag },
    });
    expect(afterContent.status).toBe(412);
    expect((await client.get<Book>(`/api/v1/book/${book._id}`)).body.title).toBe('New title');
    // Another user's book is as absent as ever.
    const stranger = system.client();
    await stranger.post('/api/v1/auth/sign-up', newAccount());
    expect((await saveContent(stranger, book._id, 'x', content.body.etag)).status).toBe(404);
  });

  it('declares If-Match and the 412 in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${system.url}/api/v1/docs/json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; responses: object }>>;
    };
    for (const path of ['/api/v1/book/content/{bookId}', '/api/v1/book/metadata/{bookId}']) {
      const patch = doc.paths[path]!.patch!;
      expect(patch.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'if-match' })]),
      );
      expect(Object.keys(patch.responses)).toEqual(expect.arrayContaining(['200', '412']));
    }
    expect(Object.keys(doc.paths['/api/v1/book/{bookId}/revisions']!)).toEqual(expect.arrayContaining(['get', 'post']));
  });

  it('changes the ETag as the writer writes: the same ETag always means the same book', async () => {
    const client = system.client();
    await client.post('/api/v1/auth/sign-up', newAccount());
    await client.post('/api/v1/payment', { accountType: 'professional', currency: 'eur' });
    const created = await client.post<Book>('/api/v1/agent/plan', keeperOfLetters);
    const planned = await waitForStatus(client, created.body._id, 'validation');
    const confirmed = await client.patch<Book>(`/api/v1/agent/write/${created.body._id}`);
    expect(confirmed.body.status).toBe('writing');
    expect(confirmed.body.etag).not.toBe(planned.etag);
    // Every read while the writer works: each tag must name one representation only.
    const seen = new Map<string, string>([[planned.etag, JSON.stringify(planned)]]);
    const progress = new Set<string>();
    for (let status = ''; status !== 'ready';) {
      const read = await client.get<Book>(`/api/v1/book/${created.body._id}`);
      expect(read.headers.get('etag')).toBe(read.body.etag);
      const body = JSON.stringify(read.body);
      expect(seen.get(read.body.etag) ?? body).toBe(body);
      seen.set(read.body.etag, body);
      progress.add(JSON.stringify(read.body.progress));
      status = read.body.status;
      if (status === 'failed') throw new Error('the book failed');
      await new Promise((r) => setTimeout(r, 20));
    }
    // Planned and ready were told apart, and every progress seen had its own tag.
    expect(seen.size).toBeGreaterThanOrEqual(Math.max(2, progress.size));
  });
});

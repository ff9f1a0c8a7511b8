import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages, coverMessages, unsafeTextMessage, type Book } from '@bookwright/contracts/http';
import { testImage } from '@bookwright/ai/testing';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';

/*
 * Regression tests for what the hostile-input run of issue 10 found: each case once answered a 500, a
 * bare framework error, the web app's HTML, or let one user reach what is not theirs.
 */

let system: TestSystem;
reportSystemFailures(() => system);
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system?.stop();
});

const plan = {
  prompt: 'A lighthouse keeper on a Baltic island finds letters from a sailor who vanished a century ago.',
  title: 'The Keeper of Letters',
  language: 'english',
  targetAudience: 'Adult readers',
  genre: 'mystery',
  size: 'short',
};

async function author(): Promise<HttpClient> {
  const client = system.client();
  expect((await client.post('/api/v1/auth/sign-up', newAccount())).status).toBe(201);
  expect((await client.post('/api/v1/payment', { accountType: 'starter', currency: 'eur' })).status).toBe(200);
  return client;
}

async function newBook(client: HttpClient): Promise<Book> {
  const res = await client.post<Book>('/api/v1/agent/plan', plan);
  expect(res.status).toBe(201);
  return res.body;
}

async function uploadCover(client: HttpClient, bookId: string): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await testImage(400, 600, 'png'))]), 'cover.png');
  const res = await client.request('POST', `/api/v1/book/upload-cover/${bookId}`, { multipart: form });
  expect(res.status).toBe(200);
  return String(res.body.imageUrl);
}

describe('no string reaches a 500', () => {
  it('answers NUL in any body field, id or query with 400 naming the field', async () => {
    const client = await author();
    const book = await newBook(client);
    const cases: [Promise<{ status: number; body: Record<string, unknown> }>, string][] = [
      [client.post('/api/v1/agent/plan', { ...plan, prompt: 'a\u0000b' }), 'prompt'],
      [client.post('/api/v1/agent/plan', { ...plan, title: '\u0000' }), 'title'],
      [
        client.patch(`/api/v1/book/metadata/${book._id}`, {
          title: 'T',
          author: 'A\u0000',
          identifier: 'i',
          languageMetadata: 'en',
        }),
        'author',
      ],
      [client.patch(`/api/v1/book/content/${book._id}`, { bookContent: '{"type":"doc"}\u0000' }), 'bookContent'],
      [client.get('/api/v1/book/abc%00def'), 'bookId'],
      [client.patch('/api/v1/agent/write/%00'), 'bookId'],
      [client.get('/api/v1/book?filter=%00'), 'filter'],
      [system.client().post('/api/v1/auth/sign-up', { ...newAccount(), firstName: 'Ada\u0000' }), 'firstName'],
      [system.client().post('/api/v1/auth/login', { email: 'a\u0000@example.com', password: 'x' }), 'email'],
      [system.client().post('/api/v1/user/forgot-password', { email: '\u0000' }), 'email'],
    ];
    for (const [pending, field] of cases) {
      const res = await pending;
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { msg: unsafeTextMessage(field) } });
    }
  });

  it('answers a lone surrogate with 400, and keeps the book it would have broken out of the database', async () => {
    const client = await author();
    const before = (await client.get<unknown[]>('/api/v1/book')).body.length;
    for (const raw of [
      `{"prompt":"emoji cut in half \\ud83d","title":"T","language":"english","targetAudience":"a","genre":"mystery","size":"short"}`,
      `{"prompt":"p","title":"\\udc00 low first","language":"english","targetAudience":"a","genre":"mystery","size":"short"}`,
    ]) {
      const res = await client.request('POST', '/api/v1/agent/plan', {
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(String(res.body.msg)).toMatch(/contains characters that are not allowed/);
    }
    expect((await client.get<unknown[]>('/api/v1/book')).body.length).toBe(before);
  });

  it('answers ids over 100 characters with JSON, never a bare 414', async () => {
    const client = await author();
    for (const length of [101, 1_000, 1_001, 8_000]) {
      const res = await client.get(`/api/v1/book/${'x'.repeat(length)}`);
      expect(res.status, String(length)).toBeGreaterThanOrEqual(400);
      expect(res.status, String(length)).toBeLessThan(500);
      expect(typeof res.body.msg, String(length)).toBe('string');
    }
  });

  it('answers unknown /api paths with a JSON 404, never the web app', async () => {
    for (const path of ['/api/nope', '/api/v1/nope', '/api', '/api/v1/book/x/y/z']) {
      const res = await system.client().get(path);
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 404,
        body: { msg: apiMessages.notFound },
      });
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
    }
  });
});

describe('only your own covers', () => {
  it('applies a cover uploaded for this book, or null; refuses every other URL', async () => {
    const alice = await author();
    const bob = await author();
    const book = await newBook(alice);
    const otherBook = await newBook(alice);
    const bobsBook = await newBook(bob);
    const own = await uploadCover(alice, book._id);
    const ownOtherBook = await uploadCover(alice, otherBook._id);
    const bobs = await uploadCover(bob, bobsBook._id);

    for (const foreign of [
      ownOtherBook,
      bobs,
      ownOtherBook.replace(otherBook._id, book._id),
      own.replace(/cover-image\/[\w-]+\//, 'cover-image/00000000-0000-0000-0000-000000000000/'),
      'https://example.com/cover.png',
      '/api/v1/user/current-user',
      'javascript:alert(1)',
    ]) {
      const res = await alice.patch(`/api/v1/book/${book._id}`, { coverImage: foreign });
      expect({ foreign, status: res.status, body: res.body }).toEqual({
        foreign,
        status: 400,
        body: { msg: coverMessages.notThisBooksCover },
      });
    }
    expect((await alice.get<Book>(`/api/v1/book/${book._id}`)).body.coverImage).toBeNull();

    const applied = await alice.patch<Book>(`/api/v1/book/${book._id}`, { coverImage: own });
    expect(applied.status).toBe(200);
    expect(applied.body.coverImage).toBe(own);
    // Bob cannot put his own cover, or any other, on Alice's book: her book is as absent as an unknown one.
    const bobTries = await bob.patch(`/api/v1/book/${book._id}`, { coverImage: own });
    expect(bobTries).toMatchObject({ status: 404, body: { msg: apiMessages.notFound } });
    const removed = await alice.patch<Book>(`/api/v1/book/${book._id}`, { coverImage: null });
    expect(removed.status).toBe(200);
    expect(removed.body.coverImage).toBeNull();
    expect((await bob.get<Book>(`/api/v1/book/${bobsBook._id}`)).body.coverImage).toBeNull();
  });
});

describe('sessions', () => {
  it('login ends the session the browser already had', async () => {
    const account = newAccount();
    const browser = system.client();
    expect((await browser.post('/api/v1/auth/sign-up', account)).status).toBe(201);
    const oldSid = browser.cookies.get('sid')!;
    expect((await browser.post('/api/v1/auth/login', account)).status).toBe(200);
    const newSid = browser.cookies.get('sid')!;
    expect(newSid).not.toBe(oldSid);
    expect((await browser.get('/api/v1/user/current-user')).status).toBe(200);

    const replay = system.client();
    replay.cookies.set('sid', oldSid);
    expect((await replay.get('/api/v1/user/current-user')).status).toBe(401);
  });

  it('signs out with POST as well as GET, revoking the session', async () => {
    const browser = system.client();
    await browser.post('/api/v1/auth/sign-up', newAccount());
    const sid = browser.cookies.get('sid')!;
    const res = await browser.post('/api/v1/auth/logout');
    expect(res).toMatchObject({ status: 200, body: { msg: 'Logged out' } });
    const replay = system.client();
    replay.cookies.set('sid', sid);
    expect((await replay.get('/api/v1/user/current-user')).status).toBe(401);
  });
});

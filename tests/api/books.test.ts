import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowanceExhaustedMessages } from '@bookwright/contracts/bus';
import {
  apiMessages,
  documentText,
  chapterCharacters,
  estimatePages,
  metadataMessages,
  planMessages,
  TiptapDocumentSchema,
  type Book,
  type BookSummary,
  type FictionBookState,
  type NonFictionBookState,
} from '@bookwright/contracts/http';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { readyBook, waitForStatus } from '../support/books';
import { openEventStream } from '../support/event-stream';

let system: TestSystem;
reportSystemFailures(() => system);
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system?.stop();
});

async function author(plan: 'starter' | 'professional' | null = 'starter'): Promise<HttpClient> {
  const client = system.client();
  expect((await client.post('/api/v1/auth/sign-up', newAccount())).status).toBe(201);
  if (plan) {
    const checkout = await client.post('/api/v1/payment', { accountType: plan, currency: 'eur' });
    expect(checkout.status).toBe(200);
    expect(checkout.body).toMatchObject({ data: { url: '/app/success', provider: 'local' } });
  }
  return client;
}

const fictionPlan = {
  prompt: 'A lighthouse keeper on a Baltic island finds letters from a sailor who vanished a century ago.',
  title: 'The Keeper of Letters',
  language: 'english',
  targetAudience: 'Adult readers of literary mysteries',
  genre: 'mystery',
  size: 'short',
};

describe('plans and allowances', () => {
  it('shows the plan and allowances on current-user after checkout', async () => {
    const client = await author('starter');
    const me = await client.get('/api/v1/user/current-user');
    expect(me.body).toMatchObject({
      accountType: 'starter',
      booksLeftThisMonth: 10,
      coversLeftThisMonth: 10,
      translationsLeftThisMonth: 5,
      subscriptionStatus: 'active',
    });
    expect(new Date(String(me.body.nextBillingDate)).getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);
  });

  it('refuses to plan without a plan, with the spec text', async () => {
    const client = await author(null);
    const res = await client.post('/api/v1/agent/plan', fictionPlan);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe(allowanceExhaustedMessages.book);
    expect((await client.get<BookSummary[]>('/api/v1/book')).body).toEqual([]);
  });

  it('checks the plan request in the spec order with its messages', async () => {
    const client = await author('starter');
    const cases: [Record<string, unknown>, string][] = [
      [{}, planMessages.prompt],
      [{ ...fictionPlan, prompt: '  ' }, planMessages.prompt],
      [{ ...fictionPlan, title: '' }, planMessages.title],
      [{ ...fictionPlan, language: '' }, planMessages.language],
      [{ ...fictionPlan, language: 'klingon' }, planMessages.language],
      [{ ...fictionPlan, targetAudience: undefined }, planMessages.targetAudience],
      [{ ...fictionPlan, genre: 'poetry' }, planMessages.genre],
      [{ ...fictionPlan, size: undefined }, planMessages.size],
      [{ ...fictionPlan, size: 'long' }, planMessages.longComingSoon],
      [{ ...fictionPlan, title: '', genre: 'poetry' }, planMessages.title],
    ];
    for (const [body, msg] of cases) {
      const res = await client.post('/api/v1/agent/plan', body);
      expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 400, msg });
    }
    // Nothing was consumed by the refused requests.
    expect((await client.get('/api/v1/user/current-user')).body.booksLeftThisMonth).toBe(10);
  });
});

describe('from idea to manuscript', () => {
  it('plans, takes edits, writes and delivers a fiction book of about 100 pages, with live events', async () => {
    const client = await author('starter');
    const stream = await openEventStream(system.url, client);
    // The stream writes its own response, and still carries the security headers and the request id.
    expect(stream.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    expect(stream.headers.get('x-request-id')).toBeTruthy();
    const created = await client.post<Book>('/api/v1/agent/plan', fictionPlan);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'planning',
      title: fictionPlan.title,
      genre: 'mystery',
      bookType: 'fiction',
      language: 'english',
    });
    expect((await client.get('/api/v1/user/current-user')).body.booksLeftThisMonth).toBe(9);
    const bookId = created.body._id;

    const planned = await waitForStatus(client, bookId, 'validation');
    const state = planned.bookState as FictionBookState;
    expect(state.characters.length).toBeGreaterThan(0);
    expect(state.plotOutline.acts.flatMap((a) => a.chapters).length).toBeGreaterThanOrEqual(10);

    // The author edits the structure; the edit survives a reload.
    const edited: FictionBookState = {
      ...state,
      expandedIdea: { ...state.expandedIdea, themes: [...state.expandedIdea.themes, 'memory'] },
    };
    edited.plotOutline.acts[0]!.chapters[0]!.title = 'The First Letter';
    const saved = await client.patch<Book>(`/api/v1/book/${bookId}`, { newBookState: edited });
    expect(saved.status).toBe(200);
    const reloaded = await client.get<Book>(`/api/v1/book/${bookId}`);
    expect((reloaded.body.bookState as FictionBookState).plotOutline.acts[0]!.chapters[0]!.title).toBe(
      'The First Letter',
    );
    expect((reloaded.body.bookState as FictionBookState).expandedIdea.themes).toContain('memory');

    const bad = await client.patch(`/api/v1/book/${bookId}`, { newBookState: { expandedIdea: 'nope' } });
    expect(bad.status).toBe(400);
    expect(String(bad.body.msg)).toMatch(/^The book structure is not valid/);
    expect(
      (await client.patch(`/api/v1/book/content/${bookId}`, { bookContent: '{"type":"doc","content":[]}' })).status,
    ).toBe(409);

    const confirmed = await client.patch<Book>(`/api/v1/agent/write/${bookId}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('writing');
    const again = await client.patch(`/api/v1/agent/write/${bookId}`);
    expect(again.status).toBe(409);
    expect(String(again.body.msg)).toContain('is being written');

    const ready = await waitForStatus(client, bookId, 'ready', 180_000);
    const document = TiptapDocumentSchema.parse(JSON.parse(ready.bookContent!));
    const headings = document.content.filter((n) => n.type === 'heading' && (n.attrs as { level: number }).level === 1);
    expect(headings.length).toBe(state.plotOutline.acts.flatMap((a) => a.chapters).length);
    expect(JSON.stringify(headings[0])).toContain('The First Letter');
    const pages = estimatePages(chapterCharacters(document));
    expect(pages).toBeGreaterThanOrEqual(85);
    expect(pages).toBeLessThanOrEqual(115);
    expect(documentText(document).slice(0, 600).toLowerCase()).toContain('offline');

    // Progress (the writer's outbox) and `ready` (the book service's) travel independently: wait for both.
    const names = await stream.waitFor(
      (events) =>
        events.some((e) => e.event === 'book.ready' && e.data.bookId === bookId) &&
        events.some(
          (e) =>
            e.event === 'book.chapter-written' &&
            e.data.bookId === bookId &&
            e.data.chaptersWritten === headings.length,
        ),
    );
    const forBook = names.filter((e) => e.data.bookId === bookId).map((e) => e.event);
    expect(forBook).toEqual(
      expect.arrayContaining(['book.created', 'book.planned', 'book.confirmed', 'book.chapter-written', 'book.ready']),
    );
    const progress = names
      .filter((e) => e.event === 'book.chapter-written' && e.data.bookId === bookId)
      .map((e) => Number(e.data.chaptersWritten));
    expect(Math.max(...progress)).toBe(headings.length);
    stream.close();

    // The manuscript can be edited and the edit survives a reload.
    const newDoc = {
      type: 'doc',
      content: [...document.content, { type: 'paragraph', content: [{ type: 'text', text: 'The End.' }] }],
    };
    expect((await client.patch(`/api/v1/book/content/${bookId}`, { bookContent: JSON.stringify(newDoc) })).status).toBe(
      200,
    );
    expect((await client.get<Book>(`/api/v1/book/${bookId}`)).body.bookContent).toContain('The End.');
    expect((await client.patch(`/api/v1/book/content/${bookId}`, { bookContent: '{not json' })).body.msg).toBe(
      'Book content must be the editor document as JSON text',
    );
    const notTiptap = await client.patch(`/api/v1/book/content/${bookId}`, {
      bookContent: JSON.stringify({ type: 'doc', content: [{ type: 'script', text: 'x' }] }),
    });
    expect(notTiptap.status).toBe(400);
    expect(String(notTiptap.body.msg)).toMatch(/^Book content is not a valid editor document/);
    const badLink = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
        },
      ],
    };
    expect(
      (await client.patch(`/api/v1/book/content/${bookId}`, { bookContent: JSON.stringify(badLink) })).status,
    ).toBe(400);

    // Metadata
    const missing = await client.patch(`/api/v1/book/metadata/${bookId}`, {
      title: 'T',
      author: '',
      identifier: 'x',
      languageMetadata: 'en',
    });
    expect(missing.body.msg).toBe(metadataMessages.author);
    const badDate = await client.patch(`/api/v1/book/metadata/${bookId}`, {
      title: 'T',
      author: 'A',
      identifier: 'x',
      languageMetadata: 'en',
      publicationDate: '2025-02-30',
    });
    expect(badDate.body.msg).toBe(metadataMessages.publicationDate);
    const meta = await client.patch<Book>(`/api/v1/book/metadata/${bookId}`, {
      title: 'The Keeper of Letters',
      author: 'Ada Lovelace',
      identifier: 'urn:uuid:7f0c3c7e-1d8c-4c1e-9d7a-3f3c2b1a0e9d',
      languageMetadata: 'en',
      keywords: 'lighthouse, letters, , Baltic, letters',
      publicationDate: '2026-03-01',
      isbn: '978-3-16-148410-0',
      subtitle: 'A mystery',
    });
    expect(meta.status).toBe(200);
    expect(meta.body).toMatchObject({
      author: 'Ada Lovelace',
      keywords: ['lighthouse', 'letters', 'Baltic'],
      genreMetadata: 'mystery',
      publicationDate: '2026-03-01',
      subtitle: 'A mystery',
    });
  });

  it('plans and writes a non-fiction book with its own shape', async () => {
    const client = await author('professional');
    const created = await client.post<Book>('/api/v1/agent/plan', {
      prompt: 'A practical guide to sourdough baking at home for busy parents.',
      title: 'Sourdough for Busy People',
      language: 'italian',
      targetAudience: 'Home bakers',
      genre: 'cooking',
      size: 'short',
    });
    expect(created.status).toBe(201);
    expect(created.body.bookType).toBe('non-fiction');
    const planned = await waitForStatus(client, created.body._id, 'validation');
    const state = planned.bookState as NonFictionBookState;
    expect(state.contentOutline.sections.length).toBeGreaterThan(0);
    expect(state.researches.topics.length).toBeGreaterThan(0);
    expect((await client.get('/api/v1/user/current-user')).body.booksLeftThisMonth).toBeNull();
    await client.patch(`/api/v1/agent/write/${created.body._id}`);
    const ready = await waitForStatus(client, created.body._id, 'ready', 180_000);
    const pages = estimatePages(chapterCharacters(TiptapDocumentSchema.parse(JSON.parse(ready.bookContent!))));
    expect(pages).toBeGreaterThanOrEqual(85);
    expect(pages).toBeLessThanOrEqual(115);
  });
});

describe('the library list the gateway holds between changes', () => {
  it("shows the author's own writes on the very next request, the services' changes soon after, and never another author's books", async () => {
    const alice = await author('starter');
    const bob = await author('starter');
    // Both lists read once, so the gateway holds them when the changes come.
    expect((await alice.get<BookSummary[]>('/api/v1/book')).body).toEqual([]);
    expect((await bob.get<BookSummary[]>('/api/v1/book')).body).toEqual([]);

    const created = (await alice.post<Book>('/api/v1/agent/plan', fictionPlan)).body;
    expect((await alice.get<BookSummary[]>('/api/v1/book')).body.map((b) => b._id)).toEqual([created._id]);
    // The write was dated in a cookie, for a gateway replica that has not heard of it yet.
    expect(alice.cookies.has('wrote')).toBe(true);
    expect((await bob.get<BookSummary[]>('/api/v1/book')).body).toEqual([]);

    // Planning is the services' change: it reaches the held list through the book events.
    await waitForStatus(alice, created._id, 'validation');
    await expect
      .poll(async () => (await alice.get<BookSummary[]>('/api/v1/book')).body[0]?.status, { timeout: 10_000 })
      .toBe('validation');

    const renamed = await alice.patch<Book>(`/api/v1/book/metadata/${created._id}`, {
      title: 'Letters from the Lighthouse',
      author: 'Ada Lovelace',
      identifier: 'urn:uuid:7f0c3c7e-1d8c-4c1e-9d7a-3f3c2b1a0e9d',
      languageMetadata: 'en',
      subtitle: 'A Baltic mystery',
    });
    expect(renamed.status).toBe(200);
    const list = (await alice.get<BookSummary[]>('/api/v1/book')).body;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      _id: created._id,
      title: 'Letters from the Lighthouse',
      subtitle: 'A Baltic mystery',
      author: 'Ada Lovelace',
      updatedAt: renamed.body.updatedAt,
    });
    expect((await bob.get<BookSummary[]>('/api/v1/book')).body).toEqual([]);
  });
});

describe('authorisation', () => {
  it("answers 404 for another user's book on every route, and 401 without a session", async () => {
    const alice = await author('starter');
    const bob = await author('starter');
    const book = (await alice.post<Book>('/api/v1/agent/plan', fictionPlan)).body;
    const bobStream = await openEventStream(system.url, bob);
    await waitForStatus(alice, book._id, 'validation');

    const attempts = [
      await bob.get(`/api/v1/book/${book._id}`),
      await bob.patch(`/api/v1/book/${book._id}`, { newBookState: book.bookState }),
      await bob.patch(`/api/v1/book/${book._id}`, { coverImage: 'https://example.com/c.png' }),
      await bob.patch(`/api/v1/book/content/${book._id}`, { bookContent: '{"type":"doc","content":[]}' }),
      await bob.patch(`/api/v1/book/metadata/${book._id}`, {
        title: 'x',
        author: 'y',
        identifier: 'z',
        languageMetadata: 'en',
      }),
      await bob.patch(`/api/v1/agent/write/${book._id}`),
      await bob.post(`/api/v1/book/${book._id}/retry`),
      await bob.get('/api/v1/book/00000000-0000-0000-0000-000000000000'),
    ];
    for (const res of attempts)
      expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 404, msg: apiMessages.notFound });
    expect((await bob.get<BookSummary[]>('/api/v1/book')).body.map((b) => b._id)).not.toContain(book._id);
    expect((await alice.get<Book>(`/api/v1/book/${book._id}`)).body.status).toBe('validation');
    // Bob's live stream never carried Alice's book.
    expect(bobStream.events.some((e) => e.data.bookId === book._id)).toBe(false);
    bobStream.close();

    const anonymous = system.client();
    for (const res of [
      await anonymous.get('/api/v1/book'),
      await anonymous.get(`/api/v1/book/${book._id}`),
      await anonymous.get('/api/v1/events'),
      await anonymous.post('/api/v1/agent/plan', fictionPlan),
    ]) {
      expect(res.status).toBe(401);
    }
  });

  it('rejects malformed book requests with 400 and a message', async () => {
    const client = await author('starter');
    const book = (await client.post<Book>('/api/v1/agent/plan', fictionPlan)).body;
    await waitForStatus(client, book._id, 'validation');
    const both = await client.patch(`/api/v1/book/${book._id}`, {
      newBookState: book.bookState,
      coverImage: 'https://x.y/z.png',
    });
    expect(both.body.msg).toBe('Send either newBookState or coverImage');
    const neither = await client.patch(`/api/v1/book/${book._id}`, {});
    expect(neither.status).toBe(400);
    const script = await client.patch(`/api/v1/book/${book._id}`, { coverImage: 'javascript:alert(1)' });
    expect(script.status).toBe(400);
    const payment = await client.post('/api/v1/payment', { accountType: 'enterprise', currency: 'eur' });
    expect(payment.status).toBe(400);
    const usd = await client.post('/api/v1/payment', { accountType: 'starter', currency: 'usd' });
    expect(usd.body.msg).toBe('Only payments in euro (eur) are supported');
  });
});

describe('long manuscripts', () => {
  it('saves and reads back a manuscript larger than one bus message (NATS takes 1 MB by default)', async () => {
    const { client, book } = await readyBook(system);
    // About 2.4 MB of JSON: 2,000 paragraphs of Greek and emoji (two- and four-byte characters).
    const paragraph = 'Ο φάρος σβήνει κάθε βράδυ στις δέκα 🌊 '.repeat(20);
    const document = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Κεφάλαιο 1' }] },
        ...Array.from({ length: 2_000 }, (_, i) => ({
          type: 'paragraph',
          content: [{ type: 'text', text: `${i} ${paragraph}` }],
        })),
      ],
    };
    const bookContent = JSON.stringify(document);
    expect(Buffer.byteLength(bookContent)).toBeGreaterThan(2 * 1024 * 1024);
    const saved = await client.patch(`/api/v1/book/content/${book._id}`, { bookContent });
    expect(saved.status).toBe(200);
    const read = await client.get<Book>(`/api/v1/book/${book._id}`);
    expect(read.status).toBe(200);
    expect(JSON.parse(read.body.bookContent!)).toEqual(document);
  }, 180_000);
});

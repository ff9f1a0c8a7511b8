import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { startTestSystem, type TestSystem } from '../../../tests/support/test-system';
import {
  Bookwright,
  BookwrightError,
  createBookAndWait,
  downloadBook,
  fillEpubMetadata,
  verifyWebhook,
  WebhookVerificationError,
  type BookProgress,
  type Schemas,
} from '../src/index';
import { enterpriseSession, eventually, setPlan, startReceiver, tokenFor } from './system';

/** What the tests saw the SDK send, to tell a wait on the stream from polling. */
const sent: { method: string; path: string; headers: Headers }[] = [];
const recordingFetch: typeof fetch = (input, init) => {
  const request = input instanceof Request ? input : new Request(input, init);
  sent.push({ method: request.method, path: new URL(request.url).pathname, headers: request.headers });
  return fetch(request);
};

// The SDK against the embedded system (issue 45): token flows, a book from an idea waited for on the event
// stream, its EPUB downloaded, and a webhook of its book.ready verified with standardwebhooks.
// Exports render a whole book: tens of seconds on a loaded machine, hence the generous timeout.
describe('@bookwright/sdk', { timeout: 120_000 }, () => {
  let system: TestSystem;
  let session: Bookwright;
  let email: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let dir: string;

  beforeAll(async () => {
    system = await startTestSystem({ WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', WEBHOOK_RETRY_BASE_MS: '1' });
    receiver = await startReceiver();
    dir = await mkdtemp(join(tmpdir(), 'bookwright-sdk-'));
    ({ session, email } = await enterpriseSession(system));
  });
  afterAll(async () => {
    await system?.stop();
    await receiver?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  describe('tokens', () => {
    it('are made by a session, work as Bearer tokens, and answer 401 once revoked', async () => {
      const made = await tokenFor(session, ['books:read']);
      expect(made.token).toMatch(/^bw_pat_/);
      const bw = Bookwright.withToken({ baseUrl: system.url, token: made.token, fetch: recordingFetch });
      const me = await bw.ok(bw.api.GET('/api/v1/user/current-user'));
      expect(me.email).toBe(email);
      expect(await bw.ok(bw.api.GET('/api/v1/book'))).toEqual([]);
      const mine = sent.filter((s) => s.headers.get('authorization') === `Bearer ${made.token}`);
      expect(mine.length).toBeGreaterThanOrEqual(2);
      expect(mine.every((s) => !s.headers.has('cookie') && !s.headers.has('x-xsrf-token'))).toBe(true);

      await session.ok(session.api.DELETE('/api/v1/tokens/{id}', { params: { path: { id: made.id } } }));
      const refused = await bw.ok(bw.api.GET('/api/v1/book')).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(BookwrightError);
      expect(refused).toMatchObject({ status: 401, msg: 'This API token is unknown, revoked or expired' });
    });

    it('surface the server’s 403 naming a missing scope, and may not make tokens', async () => {
      const { token } = await tokenFor(session, ['books:read']);
      const bw = Bookwright.withToken({ baseUrl: system.url, token });
      const noScope = await bw
        .ok(
          bw.api.POST('/api/v1/book/export/{bookId}', { params: { path: { bookId: 'x' } }, body: { format: 'epub' } }),
        )
        .catch((error: unknown) => error);
      expect(noScope).toMatchObject({ status: 403, msg: 'This API token lacks the exports:write scope' });
      const more = await bw
        .ok(bw.api.POST('/api/v1/tokens', { body: { name: 'more', scopes: ['books:read'] } }))
        .catch((error: unknown) => error);
      expect(more).toMatchObject({ status: 403 });
      expect((more as BookwrightError).msg).toMatch(/browser session/);
    });

    it('answer 402 while the plan has lapsed', async () => {
      const other = await enterpriseSession(system);
      const { token } = await tokenFor(other.session, ['books:read']);
      await setPlan(system, other.email, 'starter');
      const bw = Bookwright.withToken({ baseUrl: system.url, token });
      await expect(bw.ok(bw.api.GET('/api/v1/book'))).rejects.toMatchObject({ status: 402 });
    });
  });

  describe('a session', () => {
    it('sends the XSRF header, and retries once with a fresh token when the gateway refuses a stale one', async () => {
      let spoiled = 0;
      const spoiling: typeof fetch = (input, init) => {
        const request = input instanceof Request ? input : new Request(input, init);
        const headers = new Headers(request.headers);
        if (request.method === 'POST' && new URL(request.url).pathname === '/api/v1/tokens' && spoiled === 0) {
          spoiled += 1;
          headers.set('x-xsrf-token', 'stale');
        }
        sent.push({ method: request.method, path: new URL(request.url).pathname, headers });
        return fetch(new Request(request, { headers }));
      };
      const { session: spoiledSession } = await enterpriseSession(system, spoiling);
      const before = sent.length;
      const made = await tokenFor(spoiledSession, ['books:read']);
      expect(made.token).toMatch(/^bw_pat_/);
      expect(spoiled).toBe(1);
      const posts = sent.slice(before).filter((s) => s.method === 'POST' && s.path === '/api/v1/tokens');
      expect(posts).toHaveLength(2);
      // The retry is the same action: one request id for both.
      expect(posts[0]!.headers.get('x-request-id')).toBeTruthy();
      expect(posts[1]!.headers.get('x-request-id')).toBe(posts[0]!.headers.get('x-request-id'));
      expect(posts[1]!.headers.get('x-xsrf-token')).not.toBe('stale');
    });

    it('fails to sign in with a wrong password, with the server’s message', async () => {
      const refused = await Bookwright.signIn({ baseUrl: system.url, email, password: 'wrong-password-1' }).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(BookwrightError);
      expect((refused as BookwrightError).status).toBe(401);
      expect((refused as BookwrightError).msg.length).toBeGreaterThan(0);
    });
  });

  describe('a book from an idea, its EPUB, and its webhook', () => {
    let book: Schemas['Book'];
    let bw: Bookwright;
    let secret: string;
    const progress: BookProgress[] = [];

    beforeAll(async () => {
      const { token } = await tokenFor(session, ['books:read', 'books:write', 'exports:write', 'webhooks:write']);
      bw = Bookwright.withToken({ baseUrl: system.url, token, fetch: recordingFetch });
      const hook = await bw.ok(
        bw.api.POST('/api/v1/webhooks', { body: { url: receiver.url, events: ['book.ready'] } }),
      );
      secret = hook.secret;
    });

    it('is created and waited for on the event stream, not by polling', async () => {
      const before = sent.length;
      book = await createBookAndWait(
        bw,
        { idea: 'A lighthouse keeper on a Baltic island finds letters from a sailor who vanished in 1890.' },
        { onProgress: (p) => progress.push(p) },
      );
      expect(book.status).toBe('ready');
      // Titled by the idea's first sentence, cut at a word within 80 characters.
      expect(book.title).toBe('A lighthouse keeper on a Baltic island finds letters from a sailor who vanished…');
      const statuses = progress.map((p) => p.status);
      expect(statuses[0]).toBe('planning');
      expect(statuses).toContain('validation');
      expect(statuses.at(-1)).toBe('ready');
      expect(progress.some((p) => p.status === 'writing' && (p.chaptersTotal ?? 0) > 0)).toBe(true);
      // One stream, then plan, confirm, and the ready book read once: no GET of the book while waiting.
      const calls = sent.slice(before).map((s) => `${s.method} ${s.path}`);
      expect(calls).toEqual([
        'GET /api/v1/events',
        'POST /api/v1/agent/plan',
        `PATCH /api/v1/agent/write/${book._id}`,
        `GET /api/v1/book/${book._id}`,
      ]);
    });

    it('is refused for export while its EPUB metadata is missing, with the issues', async () => {
      const refused = await downloadBook(bw, book._id, { format: 'epub' }, join(dir, 'x.epub')).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(BookwrightError);
      expect(refused).toMatchObject({ status: 400, msg: 'Missing required metadata' });
      expect((refused as BookwrightError).issues).toEqual(expect.arrayContaining(['Author is required']));
    });

    it('downloads as an EPUB once its metadata is filled in', async () => {
      await fillEpubMetadata(bw, book._id, 'Ada Lovelace');
      const path = join(dir, 'book.epub');
      const saved = await downloadBook(bw, book._id, { format: 'epub' }, path);
      expect(saved.contentType).toBe('application/epub+zip');
      expect(saved.fileName).toMatch(/\.epub$/);
      const bytes = await readFile(path);
      expect(saved.bytes).toBe(bytes.length);
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
    });

    it('sends book.ready as a signed webhook that verifies, and refuses a tampered or old one', async () => {
      const delivery = await eventually(
        () => receiver.received.find((r) => r.body.includes(book._id) && r.body.includes('"book.ready"')),
        'the book.ready delivery',
      );
      const verified = verifyWebhook<{ bookId: string }>(secret, delivery.body, delivery.headers);
      expect(verified).toMatchObject({ type: 'book.ready', data: { bookId: book._id } });

      const tampered = delivery.body.replace(book._id, `${book._id}x`);
      expect(() => verifyWebhook(secret, tampered, delivery.headers)).toThrow(WebhookVerificationError);
      const otherSecret = `whsec_${Buffer.from('another secret of 32 bytes......').toString('base64')}`;
      expect(() => verifyWebhook(otherSecret, delivery.body, delivery.headers)).toThrow(WebhookVerificationError);

      // Signed rightly, but ten minutes ago: outside the five minutes a receiver accepts (replays).
      const id = String(delivery.headers['webhook-id']);
      const past = new Date(Date.now() - 10 * 60 * 1000);
      const oldHeaders = {
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(past.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign(id, past, delivery.body),
      };
      expect(() => verifyWebhook(secret, delivery.body, oldHeaders)).toThrow(/too old/i);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowanceExhaustedMessages, billingMessages, type Invoice } from '@bookwright/contracts/bus';
import {
  apiMessages,
  errorScreens,
  type Book,
  type BookSummary,
  type TiptapNode,
  type User,
} from '@bookwright/contracts/http';
import { testImage } from '@bookwright/ai/testing';
import { startStripeServer, type StripeServer } from '@bookwright/billing/testing';
import { keeperOfLetters, waitForStatus } from '../support/books';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { unzip } from '../support/unzip';

/*
 * Issue 19: an author's books stay theirs after the plan ends, a cancellation shows before it takes effect,
 * and everything can be taken away as one zip. The plan is bought, cancelled and ended the way Stripe does
 * it (the local Stripe-like server and its signed webhooks).
 */

const webhookSecret = 'whsec_access_test';
const prices = { starter: 'price_access_starter', professional: 'price_access_professional' };
const takeoutLimit = 3;

/** The chapter headings of a stored manuscript, each with the first sentence that follows it. */
function chaptersOf(document: { content: TiptapNode[] }): { heading: string; sentence: string }[] {
  const text = (node: TiptapNode): string => node.text ?? (node.content ?? []).map(text).join('');
  const chapters: { heading: string; sentence: string }[] = [];
  for (const node of document.content) {
    if (node.type === 'heading') chapters.push({ heading: text(node), sentence: '' });
    const last = chapters.at(-1);
    if (node.type === 'paragraph' && last && !last.sentence)
      last.sentence = (/^[^.!?]+[.!?]/.exec(text(node).trim())?.[0] ?? text(node)).trim();
  }
  return chapters;
}

describe('access after a plan ends, and the takeout (Stripe payments)', () => {
  let stripe: StripeServer;
  let system: TestSystem;
  reportSystemFailures(() => system);
  beforeAll(async () => {
    stripe = await startStripeServer({
      webhookSecret,
      prices: { [prices.starter]: 3000, [prices.professional]: 7000 },
    });
    system = await startTestSystem({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_access',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_STARTER: prices.starter,
      STRIPE_PRICE_PROFESSIONAL: prices.professional,
      STRIPE_API_URL: stripe.url,
      TAKEOUT_RATE_LIMIT_PER_USER: String(takeoutLimit),
    });
  });
  afterAll(async () => {
    await system?.stop();
    await stripe?.stop();
  });

  const webhook = async (delivery: { payload: string; signature: string }) => {
    const answer = await fetch(new URL('/api/v1/payment/webhook', system.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
      body: delivery.payload,
    });
    expect(answer.status).toBe(200);
  };
  const me = async (client: HttpClient) => (await client.get<User>('/api/v1/user/current-user')).body;

  /** Signs up and pays for Starter through Checkout. */
  async function subscribed(): Promise<{ client: HttpClient; subscriptionId: string }> {
    const client = system.client();
    expect((await client.post('/api/v1/auth/sign-up', newAccount())).status).toBe(201);
    const checkout = await client.post<{ data: { url: string } }>('/api/v1/payment', { accountType: 'starter' });
    const paid = stripe.completeCheckout(checkout.body.data.url.split('/').pop()!);
    await webhook(stripe.event('checkout.session.completed', paid.session));
    expect(await me(client)).toMatchObject({ accountType: 'starter', billingPortal: true, cancelAtPeriodEnd: false });
    return { client, subscriptionId: paid.subscription.id as string };
  }

  /** The author a plan ended for: a ready book with a cover and publishing metadata, and one left in validation. */
  let lapsed: { client: HttpClient; ready: Book; planned: Book };
  beforeAll(async () => {
    const { client, subscriptionId } = await subscribed();
    const created = await client.post<Book>('/api/v1/agent/plan', keeperOfLetters);
    await waitForStatus(client, created.body._id, 'validation');
    await client.patch(`/api/v1/agent/write/${created.body._id}`);
    await waitForStatus(client, created.body._id, 'ready');
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await testImage(1600, 2560, 'png'))]), 'cover.png');
    const cover = await client.request<{ imageUrl: string }>('POST', `/api/v1/book/upload-cover/${created.body._id}`, {
      multipart: form,
    });
    expect(cover.status).toBe(200);
    expect((await client.patch(`/api/v1/book/${created.body._id}`, { coverImage: cover.body.imageUrl })).status).toBe(
      200,
    );
    await client.patch(`/api/v1/book/metadata/${created.body._id}`, {
      title: keeperOfLetters.title,
      author: 'Ada Lovelace',
      identifier: 'urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e',
      languageMetadata: 'en',
    });
    const second = await client.post<Book>('/api/v1/agent/plan', { ...keeperOfLetters, title: 'Émile & the Tide' });
    await waitForStatus(client, second.body._id, 'validation');

    // The subscription ends at Stripe; its deletion event is all the app hears.
    await webhook(stripe.event('customer.subscription.deleted', stripe.endSubscription(subscriptionId)));
    expect(await me(client)).toMatchObject({ accountType: 'null', cancelAtPeriodEnd: false, planEndsAt: null });
    lapsed = {
      client,
      ready: (await client.get<Book>(`/api/v1/book/${created.body._id}`)).body,
      planned: (await client.get<Book>(`/api/v1/book/${second.body._id}`)).body,
    };
  }, 240_000);

  it('shows a cancellation at once, sends cancel_at_period_end to Stripe, and keep-plan undoes it', async () => {
    const { client, subscriptionId } = await subscribed();
    const cancelled = await client.post<User>('/api/v1/payment/cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ accountType: 'starter', cancelAtPeriodEnd: true, billingPortal: true });
    expect(cancelled.body.planEndsAt).toBe(cancelled.body.nextBillingDate);
    expect(cancelled.body._id).toBe((await me(client))._id);
    // Read-your-writes: the very next read shows it.
    expect(await me(client)).toMatchObject({ cancelAtPeriodEnd: true, planEndsAt: cancelled.body.planEndsAt });
    const updates = stripe.calls.filter((c) => c.method === 'POST' && c.path === `/v1/subscriptions/${subscriptionId}`);
    expect(updates.map((c) => c.body)).toEqual([{ cancel_at_period_end: 'true' }]);

    const kept = await client.post<User>('/api/v1/payment/keep-plan');
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ accountType: 'starter', cancelAtPeriodEnd: false, planEndsAt: null });
    expect(stripe.subscription(subscriptionId).cancelAtPeriodEnd).toBe(false);
    expect(await me(client)).toMatchObject({ cancelAtPeriodEnd: false });

    const again = await client.post('/api/v1/payment/keep-plan');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ msg: billingMessages.nothingToKeep });
  });

  it('answers 409 to a cancel without a plan', async () => {
    const client = system.client();
    await client.post('/api/v1/auth/sign-up', newAccount());
    const answer = await client.post('/api/v1/payment/cancel');
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ msg: billingMessages.noPlanToCancel });
    expect((await system.client().post('/api/v1/payment/cancel')).status).toBe(401);
  });

  it('lets a lapsed account list, open, export its ready book, read invoices and change settings', async () => {
    const { client, ready, planned } = lapsed;
    const library = await client.get<BookSummary[]>('/api/v1/book');
    expect(library.status).toBe(200);
    expect(library.body.map((b) => b._id).sort()).toEqual([ready._id, planned._id].sort());
    expect(ready).toMatchObject({ status: 'ready', bookContent: expect.any(String) });
    expect((await client.binary('GET', ready.coverImage!)).status).toBe(200);

    const validation = await client.post(`/api/v1/book/${ready._id}/validate-export`, {
      platform: 'epub',
      format: 'epub',
    });
    expect(validation.status).toBe(200);
    const epub = await client.binary('POST', `/api/v1/book/export/${ready._id}`, { json: { format: 'epub' } });
    expect(epub.status).toBe(200);
    expect(epub.headers.get('content-type')).toBe('application/epub+zip');
    const pdf = await client.binary('POST', `/api/v1/book/export/${ready._id}`, {
      json: {
        format: 'pdf',
        platform: 'kdp',
        exportType: 'interior',
        trimSize: '6x9',
        paperColor: 'cream',
        isPaperback: true,
        bleed: false,
      },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const invoices = await client.get<{ data: Invoice[] }>('/api/v1/payment/invoices');
    expect(invoices.status).toBe(200);
    expect(invoices.body.data).toEqual([expect.objectContaining({ amount: 30, status: 'paid' })]);

    const user = await me(client);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      firstName: 'Renamed',
      lastName: user.lastName,
      userName: user.userName,
      email: user.email,
    }))
      form.append(name, value);
    const settings = await client.request<{ user: User }>('PATCH', `/api/v1/user/${user._id}`, { multipart: form });
    expect(settings.status).toBe(200);
    expect(settings.body.user).toMatchObject({ firstName: 'Renamed', accountType: 'null' });
  });

  it('answers the spec 402 and 403 to what needs a plan', async () => {
    const { client, ready, planned } = lapsed;
    const paymentRequired = { msg: errorScreens[402].description };
    const plan = await client.post('/api/v1/agent/plan', { ...keeperOfLetters, title: 'Not Now' });
    expect([plan.status, plan.body]).toEqual([403, { msg: allowanceExhaustedMessages.book }]);
    const write = await client.patch(`/api/v1/agent/write/${planned._id}`);
    expect([write.status, write.body]).toEqual([402, paymentRequired]);
    expect((await client.get<Book>(`/api/v1/book/${planned._id}`)).body.status).toBe('validation');
    const rewrite = await client.post(`/api/v1/book/${ready._id}/rewrite`, { text: 'The sea.', instruction: 'vivid' });
    expect([rewrite.status, rewrite.body]).toEqual([402, paymentRequired]);
    const suggest = await client.post(`/api/v1/book/${ready._id}/metadata/suggest`);
    expect([suggest.status, suggest.body]).toEqual([402, paymentRequired]);
    const translate = await client.post(`/api/v1/book/${ready._id}/translate`, { language: 'french' });
    expect([translate.status, translate.body]).toEqual([402, paymentRequired]);
    const cover = await client.post(`/api/v1/book/cover/${ready._id}`, {});
    expect([cover.status, cover.body]).toEqual([403, { msg: allowanceExhaustedMessages.cover }]);
    // Changing the book needs a plan of whoever pays for it (decision 0041): the server refuses, not only the
    // web. The book service hears of the lapse by billing's event, so the first saves may still pass.
    const save = () =>
      client.patch(`/api/v1/book/content/${ready._id}`, { bookContent: ready.bookContent!.replace('.', '!') });
    await expect.poll(async () => [(await save()).status, (await save()).body]).toEqual([402, paymentRequired]);
    const metadata = await client.patch(`/api/v1/book/metadata/${ready._id}`, {
      title: 'Renamed',
      author: 'Ada Lovelace',
      identifier: 'urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e',
      languageMetadata: 'en',
    });
    expect([metadata.status, metadata.body]).toEqual([402, paymentRequired]);
    // So does adding an image to a chapter: it is an edit of the text.
    const picture = new FormData();
    picture.append('file', new Blob([new Uint8Array(await testImage(60, 40, 'png'))]), 'map.png');
    const image = await client.request('POST', `/api/v1/book/${ready._id}/images`, { multipart: picture });
    expect([image.status, image.body]).toEqual([402, paymentRequired]);
    // Someone else's book is still a 404, not a question of plans.
    const stranger = system.client();
    await stranger.post('/api/v1/auth/sign-up', newAccount());
    expect((await stranger.post(`/api/v1/book/${ready._id}/metadata/suggest`)).status).toBe(404);
    expect((await stranger.patch(`/api/v1/agent/write/${planned._id}`)).status).toBe(404);
  });

  it('hands a lapsed account all its data as a zip that round-trips', async () => {
    const { client, ready, planned } = lapsed;
    const download = await client.binary('GET', '/api/v1/user/export');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="bookwright-data-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const entries = await unzip(download.bytes);

    const account = JSON.parse(entries.get('account.json')!.toString('utf8')) as {
      profile: User;
      plan: User;
      usage: { books: number };
      invoices: Invoice[];
    };
    const user = await me(client);
    expect(account.profile._id).toBe(user._id);
    expect(account.plan).toMatchObject({ accountType: 'null', stripeCustomerId: user.stripeCustomerId });
    expect(account.usage.books).toBe(2);
    expect(account.invoices).toEqual([expect.objectContaining({ amount: 30 })]);

    const readyFolder = `books/the-keeper-of-letters-${ready._id}/`;
    const plannedFolder = `books/emile-the-tide-${planned._id}/`;
    const readyBook = JSON.parse(entries.get(`${readyFolder}book.json`)!.toString('utf8')) as Record<string, unknown>;
    expect(readyBook).toMatchObject({ _id: ready._id, status: 'ready', trashed: false, deletedAt: null });
    expect(readyBook.bookState).toEqual(ready.bookState);
    expect(readyBook).not.toHaveProperty('bookContent');
    expect(JSON.parse(entries.get(`${plannedFolder}book.json`)!.toString('utf8'))).toMatchObject({
      status: 'validation',
    });
    expect(entries.has(`${plannedFolder}manuscript.md`)).toBe(false);

    const stored = JSON.parse(ready.bookContent!) as { content: TiptapNode[] };
    expect(JSON.parse(entries.get(`${readyFolder}manuscript.json`)!.toString('utf8'))).toEqual(stored);
    // Markdown escapes what would read as markup; the words themselves are all there.
    const markdown = entries.get(`${readyFolder}manuscript.md`)!.toString('utf8').replace(/\\(.)/g, '$1');
    const chapters = chaptersOf(stored);
    expect(chapters.length).toBeGreaterThan(1);
    for (const { heading, sentence } of chapters) {
      expect(markdown).toMatch(new RegExp(`^#+ ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
      expect(sentence.length).toBeGreaterThan(0);
      expect(markdown).toContain(sentence);
    }

    const coverId = ready.coverImage!.split('/').at(-2)!;
    const covers = [...entries.keys()].filter((name) => name.startsWith(`${readyFolder}covers/`)).sort();
    // The variants, and the cover's art and design source under their own names (decision 0027).
    expect(covers).toEqual(
      expect.arrayContaining(
        ['master.png', 'web.png', 'art.png', 'source.json'].map((name) => `${readyFolder}covers/${coverId}-${name}`),
      ),
    );
    expect(JSON.parse(entries.get(`${readyFolder}covers/${coverId}-source.json`)!.toString())).toMatchObject({
      version: 1,
    });
    const master = entries.get(`${readyFolder}covers/${coverId}-master.png`)!;
    expect(master.subarray(1, 4).toString()).toBe('PNG');
    expect([...entries.keys()].some((name) => name.startsWith(`${plannedFolder}covers/`))).toBe(false);
  });

  it('limits started downloads per user, across their browsers, with a 429 and a msg', async () => {
    const account = newAccount();
    const first = system.client();
    expect((await first.post('/api/v1/auth/sign-up', account)).status).toBe(201);
    const second = system.client();
    expect((await second.post('/api/v1/auth/login', { email: account.email, password: account.password })).status).toBe(
      200,
    );
    // Eight at once: one runs, the others are told one is being prepared, and only those that ran count.
    const together = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? second : first).binary('GET', '/api/v1/user/export')),
    );
    const statuses = together.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    const started = statuses.filter((status) => status === 200).length;
    expect(started).toBeGreaterThanOrEqual(1);
    expect(started).toBeLessThanOrEqual(takeoutLimit);
    for (let i = started; i < takeoutLimit; i += 1)
      expect((await (i % 2 ? second : first).binary('GET', '/api/v1/user/export')).status).toBe(200);
    const limited = await second.get('/api/v1/user/export');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ msg: apiMessages.tooManyRequests });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another author is not held back by it.
    const other = system.client();
    await other.post('/api/v1/auth/sign-up', newAccount());
    expect((await other.binary('GET', '/api/v1/user/export')).status).toBe(200);
    expect((await system.client().get('/api/v1/user/export')).status).toBe(401);
  });
});

describe('cancelling with local payments, over HTTP', () => {
  let system: TestSystem;
  beforeAll(async () => {
    system = await startTestSystem();
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('cancels locally at period end, shows no portal, and keeps the plan on request', async () => {
    const client = system.client();
    await client.post('/api/v1/auth/sign-up', newAccount());
    await client.post('/api/v1/payment', { accountType: 'professional' });
    const cancelled = await client.post<User>('/api/v1/payment/cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      accountType: 'professional',
      cancelAtPeriodEnd: true,
      billingPortal: false,
      planEndsAt: cancelled.body.nextBillingDate,
    });
    expect((await client.get<User>('/api/v1/user/current-user')).body.cancelAtPeriodEnd).toBe(true);
    const kept = await client.post<User>('/api/v1/payment/keep-plan');
    expect(kept.body).toMatchObject({ accountType: 'professional', cancelAtPeriodEnd: false, planEndsAt: null });
  });
});

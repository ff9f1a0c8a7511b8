import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  AppError,
  noPlanBillingSummary,
  type WebhookDelivery,
  type WebhookWithSecret,
} from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import type { Bus, RunningService, Subscription } from '@bookwright/kit';
import { buildBook } from '@bookwright/contracts/testing';
import { createServiceTestWorld, type BusFake, type ServiceTestWorld } from '@bookwright/kit/testing';
import { sql } from 'kysely';
import { unsignable } from './domain/dispatcher';
import { newSecretKeysValue } from './domain/secret-keys';
import { webhooksService } from './service';

/** The key the service seals secrets under in these tests, so that a restarted service still opens them. */
const keys = newSecretKeysValue('k1');

/** Billing (ada and bo have Enterprise) and the book service's access rule (bo may read b1 only). */
class FakeOthers implements BusFake {
  private subscriptions: Subscription[] = [];
  readonly readers: Record<string, string[]> = { b1: ['ada', 'bo'], b2: ['ada'], b3: ['ada'] };
  /** b3 is in ada's team workspace w1. */
  readonly workspaceOf: Record<string, string> = { b3: 'w1' };
  async serve(bus: Bus) {
    this.subscriptions = await Promise.all([
      bus.serve(requests.billing.getSummary, async ({ userId }) => ({
        ...noPlanBillingSummary,
        accountType: ['ada', 'bo'].includes(userId) ? ('enterprise' as const) : ('professional' as const),
      })),
      bus.serve(requests.book.access, async ({ userId, bookId }) => {
        if (!this.readers[bookId]?.includes(userId)) throw new AppError(404, 'Book not found');
        return { role: userId === 'ada' ? ('owner' as const) : ('viewer' as const), ownerId: 'ada' };
      }),
      bus.serve(requests.book.get, async ({ userId, bookId }) => {
        if (!this.readers[bookId]?.includes(userId)) throw new AppError(404, 'Book not found');
        const workspaceId = this.workspaceOf[bookId];
        return buildBook({ _id: bookId, ...(workspaceId ? { workspaceId } : {}) });
      }),
      bus.serve(requests.book.listWorkspaces, async ({ userId }) => ({
        workspaces:
          userId === 'ada'
            ? [
                {
                  id: 'w1',
                  name: 'Team',
                  role: 'owner' as const,
                  ownerId: 'ada',
                  seats: { limit: 5, used: 1 },
                  createdAt: new Date().toISOString(),
                },
              ]
            : [],
      })),
    ]);
  }
  async stop() {
    await Promise.all(this.subscriptions.map((s) => s.stop()));
  }
}

/** A receiver that answers each call with the next status of its script (the last one from then on). */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
let world: ServiceTestWorld<unknown>;
let running: RunningService;
let receiver: Server;
let receiverUrl: string;
let script: number[];
let received: Received[];

beforeEach(async () => {
  world = await createServiceTestWorld({ service: 'webhooks', fakes: [new FakeOthers()] });
  running = await world.start(webhooksService, {
    env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', WEBHOOK_RETRY_BASE_MS: '1', WEBHOOK_SECRET_KEYS: keys },
  });
  script = [200];
  received = [];
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = script.length > 1 ? script.shift()! : script[0]!;
      response.writeHead(status).end(`answer ${status}`);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});

afterEach(async () => {
  await world.stop();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 1200; i++) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const create = (userId: string, extra: Record<string, unknown> = {}) =>
  world.bus.request(requests.webhooks.createWebhook, {
    userId,
    url: receiverUrl,
    events: ['book.ready'],
    ...extra,
  }) as Promise<WebhookWithSecret>;

async function deliveriesOf(userId: string, webhookId: string): Promise<WebhookDelivery[]> {
  return (await world.bus.request(requests.webhooks.listDeliveries, { userId, webhookId })).deliveries;
}

/** The sealed columns as the database holds them. */
async function storedSecrets(id: string) {
  const { rows } = await sql<{ secret: string; previous_secret: string | null }>`
    select secret, previous_secret from webhooks where id = ${id}`.execute(world.db);
  return rows[0]!;
}

// Each wait below gives up after 30 s and names what it waited for; the tests get longer than that, so a stall
// reports its wait instead of the bare test timeout (a CI rehearsal's servers run met the timeout once).
describe('the webhooks service', { timeout: 60_000 }, () => {
  it('answers its health request, and makes endpoints for Enterprise only', async () => {
    await expect(world.bus.request(requests.webhooks.health, {})).resolves.toEqual({ status: 'ok' });
    await expect(create('cy')).rejects.toMatchObject({ status: 402 });
    const made = await create('ada', { description: 'CI' });
    expect(made.secret).toMatch(/^whsec_/);
    const { webhooks } = await world.bus.request(requests.webhooks.listWebhooks, { userId: 'ada' });
    expect(webhooks).toEqual([
      expect.objectContaining({ id: made.id, events: ['book.ready'], description: 'CI', enabled: true }),
    ]);
    expect(JSON.stringify(webhooks)).not.toContain(made.secret);
    await expect(world.bus.request(requests.webhooks.listWebhooks, { userId: 'bo' })).resolves.toEqual({
      webhooks: [],
    });
    await expect(
      world.bus.request(requests.webhooks.deleteWebhook, { userId: 'bo', webhookId: made.id }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('retries a failing endpoint with one webhook-id: 500, 500, 200 are three attempts, each signed', async () => {
    script = [500, 500, 200];
    const made = await create('ada');
    await world.bus.publish(events.bookReady, { bookId: 'b1', userId: 'ada', words: 100, pages: 1 });
    const [delivery] = await until(async () => {
      const list = await deliveriesOf('ada', made.id);
      return list[0]?.status === 'succeeded' ? list : undefined;
    }, 'the third attempt');
    expect(delivery!.attempts.map((a) => a.statusCode)).toEqual([500, 500, 200]);
    expect(delivery!.attempts[2]!.responseBody).toBe('answer 200');
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.headers['webhook-id']))).toEqual(new Set([delivery!.id]));
    const verifier = new Webhook(made.secret);
    for (const call of received) {
      const payload = verifier.verify(call.body, call.headers as Record<string, string>) as Record<string, unknown>;
      expect(payload).toMatchObject({ type: 'book.ready', data: { bookId: 'b1', userId: 'ada' } });
      expect(() => verifier.verify(call.body.replace('b1', 'b9'), call.headers as Record<string, string>)).toThrow();
    }
  });

  it("sends only the events of books the endpoint's owner may read", async () => {
    const bos = await create('bo');
    await world.bus.publish(events.bookReady, { bookId: 'b2', userId: 'ada', words: 100, pages: 1 });
    await world.bus.publish(events.bookReady, { bookId: 'b1', userId: 'ada', words: 100, pages: 1 });
    await until(() => received.length === 1 || undefined, 'the readable book');
    const deliveries = await until(async () => {
      const list = await deliveriesOf('bo', bos.id);
      return list.length > 0 && list.every((d) => d.status === 'succeeded') ? list : undefined;
    }, 'the delivery');
    expect(deliveries).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ data: { bookId: 'b1' } });
  });

  it('disables an endpoint that answers 410, and one that fails every attempt', async () => {
    script = [410];
    const gone = await create('ada');
    await world.bus.publish(events.bookReady, { bookId: 'b1', userId: 'ada', words: 100, pages: 1 });
    await until(async () => {
      const { webhooks } = await world.bus.request(requests.webhooks.listWebhooks, { userId: 'ada' });
      return webhooks.find((w) => w.id === gone.id && !w.enabled);
    }, 'disabled by 410');
    await world.bus.request(requests.webhooks.deleteWebhook, { userId: 'ada', webhookId: gone.id });

    script = [503];
    const failing = await create('ada');
    await world.bus.publish(events.bookReady, { bookId: 'b1', userId: 'ada', words: 100, pages: 1 });
    const webhook = await until(async () => {
      const { webhooks } = await world.bus.request(requests.webhooks.listWebhooks, { userId: 'ada' });
      return webhooks.find((w) => w.id === failing.id && !w.enabled);
    }, 'disabled after the last attempt');
    expect(webhook.disabledReason).toBe('failing');
    const [delivery] = await deliveriesOf('ada', failing.id);
    expect(delivery!.status).toBe('failed');
    expect(delivery!.attempts).toHaveLength(8);
  });

  it('tests, redelivers with the same id, and signs with both secrets for a day after a rotation', async () => {
    const made = await create('ada');
    const test = await world.bus.request(requests.webhooks.testWebhook, { userId: 'ada', webhookId: made.id });
    expect(test).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    await until(() => received.length === 1 || undefined, 'the test delivery');
    const rotated = await world.bus.request(requests.webhooks.rotateSecret, { userId: 'ada', webhookId: made.id });
    expect(rotated.secret).not.toBe(made.secret);
    await world.bus.request(requests.webhooks.redeliver, { userId: 'ada', webhookId: made.id, deliveryId: test.id });
    await until(() => received.length === 2 || undefined, 'the redelivery');
    const again = received[1]!;
    expect(again.headers['webhook-id']).toBe(test.id);
    const headers = again.headers as Record<string, string>;
    expect(new Webhook(rotated.secret).verify(again.body, headers)).toMatchObject({ type: 'webhook.test' });
    expect(new Webhook(made.secret).verify(again.body, headers)).toMatchObject({ type: 'webhook.test' });
  });

  it('keeps what it owes across a restart: the retry comes from the next process, with the same webhook-id', async () => {
    await world.stopService(running);
    // A schedule slow enough that the first process stops between the first attempt and the retry.
    const env = { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', WEBHOOK_RETRY_BASE_MS: '500', WEBHOOK_SECRET_KEYS: keys };
    const first = await world.start(webhooksService, { env });
    script = [500, 200];
    const made = await create('ada');
    await world.bus.publish(events.bookReady, { bookId: 'b1', userId: 'ada', words: 100, pages: 1 });
    await until(async () => (await deliveriesOf('ada', made.id))[0]?.attempts.length === 1 || undefined, 'attempt 1');
    await world.stopService(first);
    await world.start(webhooksService, { env });
    const [delivery] = await until(async () => {
      const list = await deliveriesOf('ada', made.id);
      return list[0]?.status === 'succeeded' ? list : undefined;
    }, 'the retry after the restart');
    expect(delivery!.attempts.map((a) => a.statusCode)).toEqual([500, 200]);
    expect(received.map((r) => r.headers['webhook-id'])).toEqual([delivery!.id, delivery!.id]);
  });

  it('keeps secrets sealed in the database, and keeps signing after the key is rotated', async () => {
    const made = await create('ada');
    await world.stopService(running);
    const newKey = newSecretKeysValue('k2');
    const env = { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', WEBHOOK_RETRY_BASE_MS: '1' };
    await world.start(webhooksService, { env: { ...env, WEBHOOK_SECRET_KEYS: `${newKey},${keys}` } });
    const test = await world.bus.request(requests.webhooks.testWebhook, { userId: 'ada', webhookId: made.id });
    await until(() => received.length === 1 || undefined, 'the test delivery under the old key');
    expect(
      new Webhook(made.secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>),
    ).toBeTruthy();

    const rotated = await world.bus.request(requests.webhooks.rotateSecret, { userId: 'ada', webhookId: made.id });
    const stored = await storedSecrets(made.id);
    expect(JSON.stringify(stored)).not.toContain('whsec_');
    expect(stored.secret).toMatch(/^wsk1:k2:/);
    expect(stored.previous_secret).toMatch(/^wsk1:k1:/);
    await world.bus.request(requests.webhooks.redeliver, { userId: 'ada', webhookId: made.id, deliveryId: test.id });
    await until(() => received.length === 2 || undefined, 'the redelivery');
    const headers = received[1]!.headers as Record<string, string>;
    expect(new Webhook(rotated.secret).verify(received[1]!.body, headers)).toBeTruthy();
    expect(new Webhook(made.secret).verify(received[1]!.body, headers)).toBeTruthy();
  });

  it('sends nothing when a secret does not decrypt, and says so in the attempt', async () => {
    const made = await create('ada');
    await world.stopService(running);
    const env = { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', WEBHOOK_RETRY_BASE_MS: '1000000' };
    await world.start(webhooksService, { env: { ...env, WEBHOOK_SECRET_KEYS: newSecretKeysValue('k2') } });
    await world.bus.request(requests.webhooks.testWebhook, { userId: 'ada', webhookId: made.id });
    const [delivery] = await until(async () => {
      const list = await deliveriesOf('ada', made.id);
      return list[0]?.attempts.length ? list : undefined;
    }, 'the refused attempt');
    expect(delivery!.attempts).toEqual([expect.objectContaining({ statusCode: null, error: unsignable })]);
    expect(delivery!.status).toBe('pending');
    expect(received).toEqual([]);
  });

  it("scopes an endpoint to a workspace its creator belongs to: only that workspace's books", async () => {
    await expect(create('ada', { workspaceId: 'w9' })).rejects.toMatchObject({ status: 404 });
    const team = await create('ada', { workspaceId: 'w1' });
    expect(team.workspaceId).toBe('w1');
    await world.bus.publish(events.bookReady, { bookId: 'b1', userId: 'ada', words: 100, pages: 1 });
    await world.bus.publish(events.bookReady, { bookId: 'b3', userId: 'ada', words: 100, pages: 1 });
    await until(() => received.length === 1 || undefined, 'the workspace book');
    const deliveries = await until(async () => {
      const list = await deliveriesOf('ada', team.id);
      return list.length > 0 && list.every((d) => d.status === 'succeeded') ? list : undefined;
    }, 'the delivery');
    expect(deliveries).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ data: { bookId: 'b3' } });
  });

  it('refuses an endpoint on a private address unless WEBHOOK_ALLOW_PRIVATE_TARGETS is set', async () => {
    const strict = await createServiceTestWorld({ service: 'webhooks', fakes: [new FakeOthers()] });
    try {
      await strict.start(webhooksService, { env: {} });
      await expect(
        strict.bus.request(requests.webhooks.createWebhook, {
          userId: 'ada',
          url: receiverUrl,
          events: ['book.ready'],
        }),
      ).rejects.toMatchObject({ status: 400 });
      await expect(
        strict.bus.request(requests.webhooks.createWebhook, {
          userId: 'ada',
          url: 'https://2130706433/hooks',
          events: ['book.ready'],
        }),
      ).rejects.toMatchObject({ status: 400 });
    } finally {
      await strict.stop();
    }
  });
});

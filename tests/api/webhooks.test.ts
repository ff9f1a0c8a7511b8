import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook as Verifier } from 'standardwebhooks';
import {
  errorScreens,
  webhookMessages,
  type Book,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookList,
  type WebhookWithSecret,
} from '@bookwright/contracts/http';
import { silentLogger } from '@bookwright/kit';
import { runAdmin } from '../../scripts/admin/admin';
import { keeperOfLetters, waitForStatus } from '../support/books';
import { newAccount, startTestSystem, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

// Outgoing webhooks (issue 45, decision 0046) over HTTP: Enterprise only, the secret shown once, a book's
// events signed as Standard Webhooks (verified by the standardwebhooks package), retried with one
// webhook-id, listed with their attempts, redelivered, tested, rotated. The receiver is on this machine, so
// the system runs with WEBHOOK_ALLOW_PRIVATE_TARGETS=1 (the address rule has its own tests in the service).
describe('webhooks', () => {
  let system: TestSystem;
  reportSystemFailures(() => system);
  let receiver: Server;
  let receiverUrl: string;
  /** The statuses the receiver answers in turn (the last one from then on). */
  let script: number[] = [200];
  const received: Received[] = [];

  beforeAll(async () => {
    system = await startTestSystem({ WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', WEBHOOK_RETRY_BASE_MS: '1' });
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        const status = script.length > 1 ? script.shift()! : script[0]!;
        response.writeHead(status).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(async () => {
    await system?.stop();
    receiver?.closeAllConnections();
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  });

  async function person(plan: 'professional' | 'enterprise') {
    const client = system.client();
    const account = newAccount({ firstName: 'Ida', lastName: 'Lovelace' });
    expect((await client.post('/api/v1/auth/sign-up', account)).status).toBeLessThan(300);
    if (plan === 'enterprise') {
      const done = await runAdmin(
        ['set-plan', account.email, 'enterprise'],
        {
          DATA_DIR: system.dataDir,
          DATABASE_SCHEMA_PREFIX: system.schemaPrefix,
          ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
        },
        silentLogger(),
      );
      expect(done.exitCode, done.output).toBe(0);
    } else await client.post('/api/v1/payment', { accountType: plan, currency: 'eur' });
    return client;
  }

  async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
    for (let i = 0; i < 600; i++) {
      const value = await probe();
      if (value !== undefined) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  it('is made on Enterprise only: other plans get the spec’s 402', async () => {
    const pro = await person('professional');
    const refused = await pro.post('/api/v1/webhooks', { url: receiverUrl, events: ['book.ready'] });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ msg: errorScreens[402].description });
  });

  it('checks its body: an unknown event or a URL that is not one is a 400 saying so', async () => {
    const owner = await person('enterprise');
    const badEvent = await owner.post('/api/v1/webhooks', { url: receiverUrl, events: ['book.nope'] });
    expect(badEvent.status).toBe(400);
    expect(badEvent.body).toEqual({ msg: webhookMessages.events });
    expect((await owner.post('/api/v1/webhooks', { url: 'not a url', events: ['book.ready'] })).status).toBe(400);
  });

  it("delivers a book's events signed, retries with one webhook-id, and lists each attempt", async () => {
    const owner = await person('enterprise');
    const created = await owner.post<WebhookWithSecret>('/api/v1/webhooks', {
      url: receiverUrl,
      events: ['book.created', 'book.planned'],
      description: 'Build server',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const hook = created.body;
    expect(hook.secret).toMatch(/^whsec_/);
    const listed = await owner.get<WebhookList>('/api/v1/webhooks');
    expect(listed.body.webhooks).toEqual([expect.objectContaining({ id: hook.id, description: 'Build server' })]);
    expect(JSON.stringify(listed.body)).not.toContain(hook.secret);

    script = [500, 200, 200];
    received.length = 0;
    const book = (await owner.post<Book>('/api/v1/agent/plan', keeperOfLetters)).body;
    await waitForStatus(owner, book._id, 'validation');
    const deliveries = await until(async () => {
      const list = (await owner.get<WebhookDeliveryList>(`/api/v1/webhooks/${hook.id}/deliveries`)).body.deliveries;
      return list.length === 2 && list.every((d) => d.status === 'succeeded') ? list : undefined;
    }, 'book.created and book.planned delivered');
    const createdDelivery = deliveries.find((d) => d.eventType === 'book.created')!;
    expect(createdDelivery.attempts.map((a) => a.statusCode)).toEqual([500, 200]);
    expect(deliveries.find((d) => d.eventType === 'book.planned')!.attempts.map((a) => a.statusCode)).toEqual([200]);

    const verifier = new Verifier(hook.secret);
    const bodies = received.map((r) => ({
      id: r.headers['webhook-id'],
      payload: verifier.verify(r.body, r.headers as Record<string, string>) as Record<string, unknown>,
    }));
    const createdCalls = bodies.filter((b) => b.payload.type === 'book.created');
    expect(createdCalls).toHaveLength(2);
    expect(new Set(createdCalls.map((c) => c.id))).toEqual(new Set([createdDelivery.id]));
    expect(createdCalls[0]!.payload).toMatchObject({
      id: expect.any(String),
      createdAt: expect.any(String),
      data: { bookId: book._id, title: keeperOfLetters.title },
    });
  });

  it('tests, redelivers with the same id, rotates, pauses, and deletes an endpoint', async () => {
    const owner = await person('enterprise');
    script = [200];
    const hook = (await owner.post<WebhookWithSecret>('/api/v1/webhooks', { url: receiverUrl, events: ['book.ready'] }))
      .body;
    received.length = 0;
    const test = await owner.post<WebhookDelivery>(`/api/v1/webhooks/${hook.id}/test`);
    expect(test.status).toBe(202);
    expect(test.body).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    await until(async () => (received.length === 1 ? true : undefined), 'the test delivery');

    const rotated = await owner.post<WebhookWithSecret>(`/api/v1/webhooks/${hook.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(hook.secret);
    const again = await owner.post<WebhookDelivery>(`/api/v1/webhooks/${hook.id}/deliveries/${test.body.id}/redeliver`);
    expect(again.status).toBe(202);
    await until(async () => (received.length === 2 ? true : undefined), 'the redelivery');
    const second = received[1]!;
    expect(second.headers['webhook-id']).toBe(test.body.id);
    for (const secret of [hook.secret, rotated.body.secret])
      expect(new Verifier(secret).verify(second.body, second.headers as Record<string, string>)).toMatchObject({
        type: 'webhook.test',
      });

    const paused = await owner.patch<Webhook>(`/api/v1/webhooks/${hook.id}`, {
      enabled: false,
      events: ['book.failed'],
    });
    expect(paused.body).toMatchObject({ enabled: false, disabledReason: 'owner', events: ['book.failed'] });

    const stranger = await person('enterprise');
    expect((await stranger.request('DELETE', `/api/v1/webhooks/${hook.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/v1/webhooks/${hook.id}/deliveries`)).status).toBe(404);
    expect((await owner.request('DELETE', `/api/v1/webhooks/${hook.id}`)).status).toBe(200);
    expect((await owner.get<WebhookList>('/api/v1/webhooks')).body.webhooks).toEqual([]);
  });

  it('needs a session (or, once the token table lists it, a webhooks:write token)', async () => {
    expect((await system.client().get('/api/v1/webhooks')).status).toBe(401);
  });
});

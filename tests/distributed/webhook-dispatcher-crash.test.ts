import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '@bookwright/contracts/events';
import { type User, type WebhookWithSecret } from '@bookwright/contracts/http';
import { createBus, silentLogger, type Bus } from '@bookwright/kit';
import { runAdmin } from '../../scripts/admin/admin';
import { cleanUp, newAccount } from '../support/test-system';
import { nextClientIp, startDistributed, type DistributedSystem } from '../support/distributed-system';
import { reportDistributedFailures } from '../support/distributed-failure-report';

/**
 * Issue 45, decision 0046: `kill -9` of the webhooks process while its dispatcher is calling a receiver loses
 * no event. The receiver holds every call a while, so deliveries are in flight when the process dies; the
 * launcher restarts it, and every event arrives at least once, each with one `webhook-id` on every call.
 * The events are published on the bus (NATS) as the book service would, owned by the endpoint's owner, so
 * the consumer, the outbox rows and the dispatcher are all on the path. Needs DATABASE_URL and NATS_URL.
 */
const databaseUrl = process.env.DATABASE_URL;
const natsUrl = process.env.NATS_URL;

/** More than the dispatcher's batch (10), so some are in flight, some owed and some not yet fanned out. */
const eventCount = 30;
/** How long the receiver holds each call before its 200. */
const holdMs = 1_500;

describe.skipIf(!databaseUrl || !natsUrl)('webhook delivery survives kill -9 of its dispatcher (distributed)', () => {
  let launched: DistributedSystem;
  reportDistributedFailures(() => launched);
  let bus: Bus;
  let receiver: Server;
  let receiverUrl: string;
  /**
   * Every call the receiver got: the event's id (the body's `id`), the call's `webhook-id`, and whether its
   * 200 went back to a caller still alive (false: the caller died while the call was held).
   */
  const calls: { eventId: string; webhookId: string; answered?: boolean }[] = [];
  const held = new Set<ServerResponse>();

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string };
        const call: (typeof calls)[number] = { eventId: body.id, webhookId: String(request.headers['webhook-id']) };
        calls.push(call);
        held.add(response);
        setTimeout(() => {
          held.delete(response);
          // The caller may be dead by now: its socket is gone, and the answer goes nowhere.
          call.answered = !response.destroyed;
          if (call.answered) response.writeHead(200).end('ok');
        }, holdMs);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    launched = await startDistributed({
      databaseUrl: databaseUrl!,
      natsUrl: natsUrl!,
      // The shortest lease: the calls the killed process made go out again 15 s after it made them, not 60.
      env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', WEBHOOK_RETRY_BASE_MS: '200', WEBHOOK_LEASE_MS: '15000' },
    });
    bus = await createBus({
      natsUrl,
      namespace: launched.namespace,
      logger: silentLogger(),
      name: 'webhook-crash-test',
    });
  }, 180_000);

  afterAll(async () => {
    await bus?.close();
    await launched?.stop();
    if (launched) await cleanUp({ namespace: launched.namespace, schemaPrefix: launched.schemaPrefix });
    receiver?.closeAllConnections();
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  });

  it('delivers every event at least once, with one webhook-id each, after the dispatcher is killed mid-call', async () => {
    // An Enterprise owner (the API's plan, set by hand as an operator does) with an endpoint for book.ready.
    const client = launched.client({ ip: nextClientIp() });
    const account = newAccount();
    expect((await client.post('/api/v1/auth/sign-up', account)).status).toBe(201);
    const done = await runAdmin(
      ['set-plan', account.email, 'enterprise'],
      { DATABASE_URL: databaseUrl, DATABASE_SCHEMA_PREFIX: launched.schemaPrefix },
      silentLogger(),
    );
    expect(done.exitCode, done.output).toBe(0);
    const ownerId = (await client.get<User>('/api/v1/user/current-user')).body._id;
    const created = await client.post<WebhookWithSecret>('/api/v1/webhooks', {
      url: receiverUrl,
      events: ['book.ready'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const published: string[] = [];
    for (let i = 0; i < eventCount; i++) {
      const id = `crash-${i}-${launched.namespace}`;
      await bus.publish(events.bookReady, { bookId: `book-${i}`, userId: ownerId, words: 100, pages: 1 }, { id });
      published.push(id);
    }

    // Calls are in flight (held by the receiver) when the process dies: no answer reaches it.
    await expect.poll(() => held.size, { timeout: 60_000, interval: 50 }).toBeGreaterThan(0);
    const pid = launched.pidOf('webhooks');
    process.kill(pid, 'SIGKILL');
    await launched.waitFor(/launcher\s+\| webhooks exited \(signal SIGKILL\)/, 30_000);
    await launched.waitFor(new RegExp(`started webhooks \\(pid (?!${pid}\\))`), 60_000);

    // Every event is answered 200 in the end; the calls the dead process made are sent again once their
    // lease (15 s here) runs out.
    const answered = () => new Set(calls.filter((c) => c.answered).map((c) => c.eventId));
    await expect.poll(() => answered().size, { timeout: 150_000, interval: 250 }).toBe(eventCount);
    expect(answered()).toEqual(new Set(published));
    // The kill did land mid-delivery: some calls were answered to nobody, and their events were sent again.
    const abandoned = calls.filter((c) => c.answered === false);
    expect(abandoned.length).toBeGreaterThan(0);
    // At least once, never as two deliveries: each event's calls all carry one webhook-id, its own.
    const idsOf = new Map<string, Set<string>>();
    for (const call of calls) idsOf.set(call.eventId, (idsOf.get(call.eventId) ?? new Set()).add(call.webhookId));
    expect([...idsOf.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(new Set(calls.map((c) => c.webhookId)).size).toBe(eventCount);
  }, 300_000);
});

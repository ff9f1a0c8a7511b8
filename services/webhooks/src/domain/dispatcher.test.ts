import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, type Writable } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createLogger, type Bus, type Mailer } from '@bookwright/kit';
import { createTestDatabase } from '@bookwright/kit/testing';
import { migrationsFor } from '../db/migrations';
import type { WebhooksDatabase } from '../db/schema';
import { deliveriesRepository } from '../repositories/deliveries.repository';
import { webhooksRepository } from '../repositories/webhooks.repository';
import { Dispatcher, unsignable } from './dispatcher';
import { SecretCipher } from './secret-cipher';
import { newSecretKeysValue, secretKeysSchema } from './secret-keys';
import { newWebhookSecret } from './signing';

const cipherOf = (id: string) => new SecretCipher(secretKeysSchema.parse(newSecretKeysValue(id)));
let cleanUp: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanUp.map((step) => step()));
  cleanUp = [];
});

/**
 * An endpoint `w1` of `url` with one delivery `d1` due, its secret sealed under key `k1`, and a dispatcher
 * opening secrets with `openWith`'s key, started.
 */
async function dispatching(options: { url: string; openWith: string; log?: Writable }) {
  const written = cipherOf('k1');
  const database = await createTestDatabase<WebhooksDatabase>('webhooks', migrationsFor(written));
  cleanUp.push(() => database.close());
  const secret = newWebhookSecret();
  const now = new Date();
  await webhooksRepository.insert(database.db, written, {
    id: 'w1',
    user_id: 'ada',
    workspace_id: null,
    url: options.url,
    events: 'book.ready',
    description: null,
    secret,
    enabled: true,
    disabled_reason: null,
    created_at: now,
    updated_at: now,
  });
  const delivery = { id: 'd1', webhook_id: 'w1', event_id: 'e1', event_type: 'book.ready', body: '{}', now };
  await deliveriesRepository.insertOnce(database.db, delivery);
  const dispatcher = new Dispatcher({
    db: database.db as Kysely<WebhooksDatabase>,
    bus: {} as Bus,
    mailer: {} as Mailer,
    config: {
      PUBLIC_URL: 'http://x.test',
      WEBHOOK_RETRY_BASE_MS: 1_000_000,
      WEBHOOK_LEASE_MS: 60_000,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: true,
    },
    logger: createLogger({
      service: 'webhooks',
      level: 'info',
      pretty: false,
      destination: options.log ?? new PassThrough(),
    }),
    cipher: options.openWith === 'k1' ? written : cipherOf(options.openWith),
    now: () => new Date(),
  });
  cleanUp.push(() => dispatcher.stop());
  dispatcher.start();
  return { db: database.db, secret, dispatcher };
}

it('logs and records a delivery whose secret does not decrypt, and calls no one', async () => {
  const log = new PassThrough();
  const lines: string[] = [];
  log.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  // A port nothing listens on: were the dispatcher to call it, the attempt would say "connect refused".
  const { db, secret } = await dispatching({ url: 'http://127.0.0.1:9/hooks', openWith: 'k2', log });

  await expect
    .poll(async () => (await deliveriesRepository.attemptsOf(db, ['d1'])).map((a) => a.error))
    .toEqual([unsignable]);
  await expect.poll(() => lines.length).toBeGreaterThan(0);
  const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
  expect(entry).toMatchObject({
    msg: 'webhook not sent: its signing secret cannot be decrypted',
    webhookId: 'w1',
    deliveryId: 'd1',
    reason: expect.stringContaining('key "k1", which is not configured'),
  });
  expect(lines.join('\n')).not.toContain(secret);
  const [after] = await deliveriesRepository.listRecent(db, 'w1', 1);
  expect(after).toMatchObject({ status: 'pending', attempt_count: 1 });
});

it('sends a delivery again when it is requeued while its call is still out', async () => {
  // The receiver holds the first call's answer until the test lets it go: the redelivery is asked for in
  // between, as an owner's click can come while the first call is out (a CI run lost it that way).
  const calls: string[] = [];
  let answerFirst: (() => void) | undefined;
  const receiver: Server = createServer((request, response) => {
    calls.push(String(request.headers['webhook-id']));
    if (calls.length === 1) answerFirst = () => response.writeHead(200).end('first');
    else response.writeHead(200).end('again');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  cleanUp.push(async () => {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });
  const { db, dispatcher } = await dispatching({
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
    openWith: 'k1',
  });

  await expect.poll(() => answerFirst).toBeDefined();
  await deliveriesRepository.requeue(db, 'd1', new Date());
  dispatcher.wake();
  answerFirst!();

  await expect.poll(() => calls).toEqual(['d1', 'd1']);
  await expect
    .poll(async () => (await deliveriesRepository.attemptsOf(db, ['d1'])).map((a) => a.response_body).sort())
    .toEqual(['again', 'first']);
  await expect.poll(async () => (await deliveriesRepository.listRecent(db, 'w1', 1))[0]?.status).toBe('succeeded');
});

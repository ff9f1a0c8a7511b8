import { PassThrough } from 'node:stream';
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

it('logs and records a delivery whose secret does not decrypt, and calls no one', async () => {
  const written = cipherOf('k1');
  const database = await createTestDatabase<WebhooksDatabase>('webhooks', migrationsFor(written));
  cleanUp.push(() => database.close());
  const secret = newWebhookSecret();
  const now = new Date();
  // A port nothing listens on: were the dispatcher to call it, the attempt would say "connect refused".
  await webhooksRepository.insert(database.db, written, {
    id: 'w1',
    user_id: 'ada',
    workspace_id: null,
    url: 'http://127.0.0.1:9/hooks',
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

  const log = new PassThrough();
  const lines: string[] = [];
  log.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  const dispatcher = new Dispatcher({
    db: database.db as Kysely<WebhooksDatabase>,
    bus: {} as Bus,
    mailer: {} as Mailer,
    config: { PUBLIC_URL: 'http://x.test', WEBHOOK_RETRY_BASE_MS: 1_000_000, WEBHOOK_ALLOW_PRIVATE_TARGETS: true },
    logger: createLogger({ service: 'webhooks', level: 'info', pretty: false, destination: log }),
    cipher: cipherOf('k2'),
    now: () => new Date(),
  });
  cleanUp.push(() => dispatcher.stop());
  dispatcher.start();

  await expect
    .poll(async () => (await deliveriesRepository.attemptsOf(database.db, ['d1'])).map((a) => a.error))
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
  const [after] = await deliveriesRepository.listRecent(database.db, 'w1', 1);
  expect(after).toMatchObject({ status: 'pending', attempt_count: 1 });
});

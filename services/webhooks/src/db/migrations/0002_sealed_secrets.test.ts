import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { databaseBackends, TestDatabases, uniqueService } from '@bookwright/kit/testing';
import { SecretCipher } from '../../domain/secret-cipher';
import { newSecretKeysValue, secretKeysSchema } from '../../domain/secret-keys';
import { newWebhookSecret } from '../../domain/signing';
import type { WebhooksDatabase } from '../schema';
import { webhooksMigration } from './0001_webhooks';
import { migrationsFor } from './index';

const backends = databaseBackends(process.env.DATABASE_URL || undefined);

describe.each(backends)('0002_sealed_secrets on $name', (backend) => {
  const dbs = new TestDatabases(backend.databaseUrl);
  afterEach(() => dbs.cleanup());

  it.skipIf(backend.skip)('seals the plain current and previous secrets of rows made before it', async () => {
    const dataDir = await dbs.tempDir();
    const service = uniqueService('webhooks');
    const plain = { current: newWebhookSecret(), previous: newWebhookSecret(), lone: newWebhookSecret() };
    const before = await dbs.open<WebhooksDatabase>(service, [webhooksMigration], { dataDir });
    const row = { user_id: 'ada', url: 'https://example.com/hook', events: 'book.ready', enabled: true };
    await before.db
      .insertInto('webhooks')
      .values([
        { ...row, id: 'w1', secret: plain.current, previous_secret: plain.previous, previous_secret_until: new Date() },
        { ...row, id: 'w2', secret: plain.lone },
      ])
      .execute();
    await before.close();

    const cipher = new SecretCipher(secretKeysSchema.parse(newSecretKeysValue('k1')));
    const after = await dbs.open<WebhooksDatabase>(service, migrationsFor(cipher), { dataDir });
    const { rows } = await sql<{ id: string; secret: string; previous_secret: string | null }>`
      select id, secret, previous_secret from webhooks order by id`.execute(after.db);
    expect(JSON.stringify(rows)).not.toContain('whsec_');
    const [w1, w2] = rows;
    expect(w1!.secret).toMatch(/^wsk1:k1:/);
    expect(cipher.open(w1!.secret, 'w1')).toBe(plain.current);
    expect(cipher.open(w1!.previous_secret!, 'w1')).toBe(plain.previous);
    expect(cipher.open(w2!.secret, 'w2')).toBe(plain.lone);
    expect(w2!.previous_secret).toBeNull();
  });
});

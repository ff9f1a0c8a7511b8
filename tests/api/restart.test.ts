import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startSystem } from '@bookwright/all-in-one';
import type { Book } from '@bookwright/contracts/http';
import { cleanUp, HttpClient, newAccount } from '../support/test-system';

describe('restarting the embedded system', () => {
  const suffix = randomBytes(4).toString('hex');
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BUS_NAMESPACE: `t${suffix}`,
    DATABASE_SCHEMA_PREFIX: `t${suffix}_`,
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.NATS_URL ? { NATS_URL: process.env.NATS_URL } : {}),
  };
  let dataDir = '';
  afterAll(async () => {
    await cleanUp({ namespace: `t${suffix}`, schemaPrefix: `t${suffix}_` });
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  // It starts the embedded system twice (migrations and all, as a system start in a hook gets 120 s each) and
  // waits up to 60 s for the review: the 30 s default cannot hold that on a busy machine.
  it(
    'keeps accounts, plans, sessions and books across a restart, and the book reaches review',
    { timeout: 300_000 },
    async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'bookwright-restart-'));
      const first = await startSystem({ env, port: 0, dataDir });
      const client = new HttpClient(first.url);
      await client.post('/api/v1/auth/sign-up', newAccount());
      await client.post('/api/v1/payment', { accountType: 'starter', currency: 'eur' });
      const book = (
        await client.post<Book>('/api/v1/agent/plan', {
          prompt: 'Two rival bakers in Naples discover they share a grandmother.',
          title: 'Flour and Blood',
          language: 'english',
          targetAudience: 'Adults',
          genre: 'romance',
          size: 'short',
        })
      ).body;
      // Stop straight away. A graceful stop finishes planning already under way, so this does not force the
      // start-up re-announcement; it proves what a restart keeps and that the book still reaches review.
      await first.stop();

      const second = await startSystem({ env, port: 0, dataDir });
      try {
        const again = new HttpClient(second.url);
        for (const [name, value] of client.cookies) again.cookies.set(name, value);
        const me = await again.get('/api/v1/user/current-user');
        expect(me.status).toBe(200);
        expect(me.body.accountType).toBe('starter');
        const deadline = Date.now() + 60_000;
        let status = '';
        while (Date.now() < deadline && status !== 'validation') {
          status = (await again.get<Book>(`/api/v1/book/${book._id}`)).body.status;
          await new Promise((r) => setTimeout(r, 200));
        }
        expect(status).toBe('validation');
      } finally {
        await second.stop();
      }
    },
  );
});

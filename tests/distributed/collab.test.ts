import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collabPath, CollabTokenSchema, type Book } from '@bookwright/contracts/http';
import { liveClient, until, type LiveClient } from '@bookwright/collab/testing';
import { keeperOfLetters, waitForStatus } from '../support/books';
import { nextClientIp, startDistributed, type DistributedSystem } from '../support/distributed-system';
import { reportDistributedFailures } from '../support/distributed-failure-report';
import { cleanUp, newAccount, type HttpClient } from '../support/test-system';

/**
 * Live books across the two collab replicas of `npm run start:distributed` (issue 44, decision 0043): two
 * people on different replicas edit one document through Redis, and a replica killed with SIGKILL inside
 * the save delay loses nothing once its people have reconnected. Needs DATABASE_URL and NATS_URL (CI sets
 * them) and the machine's Redis (REDIS_URL, default redis://127.0.0.1:6379).
 */
const databaseUrl = process.env.DATABASE_URL;
const natsUrl = process.env.NATS_URL;
if (!databaseUrl || !natsUrl)
  console.warn(
    'tests/distributed: DATABASE_URL and NATS_URL are not set, so live books across replicas are not tested',
  );

describe.skipIf(!databaseUrl || !natsUrl)('live books on two collab replicas', () => {
  let system: DistributedSystem;
  reportDistributedFailures(() => system);
  let client: HttpClient;
  let bookId: string;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    system = await startDistributed({
      databaseUrl: databaseUrl!,
      natsUrl: natsUrl!,
      env: { LLM_OFFLINE_LATENCY_MS: '0' },
    });
    client = system.client({ ip: nextClientIp() });
    expect((await client.post('/api/v1/auth/sign-up', newAccount())).status).toBe(201);
    expect((await client.post('/api/v1/payment', { accountType: 'professional', currency: 'eur' })).status).toBe(200);
    const created = await client.post<Book>('/api/v1/agent/plan', keeperOfLetters);
    bookId = created.body._id;
    await waitForStatus(client, bookId, 'validation');
    expect((await client.patch(`/api/v1/agent/write/${bookId}`)).status).toBe(200);
    await waitForStatus(client, bookId, 'ready', 180_000);
  }, 300_000);

  afterAll(async () => {
    for (const live of clients) live.destroy();
    if (process.env.DISTRIBUTED_LOG)
      (await import('node:fs')).writeFileSync(process.env.DISTRIBUTED_LOG, system?.lines.join('\n') ?? '');
    await system?.stop();
    if (system) await cleanUp({ namespace: system.namespace, schemaPrefix: system.schemaPrefix });
  });

  /**
   * A tab connected straight to collab replica `replica` (1 or 2), or through the gateways (which hand
   * /collab on to a replica), with tokens from the gateway's route.
   */
  function tabOn(replica: number | 'gateway'): LiveClient {
    const port = replica === 'gateway' ? system.port : system.collabPortBase + replica - 1;
    const url = `ws://127.0.0.1:${port}${collabPath}`;
    const live = liveClient(url, bookId, async () => {
      const answer = await client.post(`/api/v1/book/${bookId}/collab-token`);
      return CollabTokenSchema.parse(answer.body).token;
    });
    clients.push(live);
    return live;
  }

  async function storedWhen(holds: (content: string) => boolean): Promise<string> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const content = (await client.get<Book>(`/api/v1/book/${bookId}`)).body.bookContent ?? '';
      if (holds(content)) return content;
      if (Date.now() > deadline) throw new Error(`the stored book never held every edit: ${content.slice(0, 400)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('lets two people on different replicas edit one paragraph, converging, and a replica killed mid-edit loses nothing', async () => {
    const [one, two] = [tabOn(1), tabOn(2)];
    await until(() => one.provider.isSynced && two.provider.isSynced, 'both tabs synced', 60_000);
    expect(one.text()).toBe(two.text());

    // Concurrent edits in one paragraph, each through its own replica, meeting in Redis.
    one.type(1, 0, 'First on one. ');
    two.type(1, 0, 'First on two. ');
    await until(() => one.text() === two.text() && one.text().includes('First on two.'), 'convergence', 30_000);
    expect(one.text()).toContain('First on one.');

    // An edit inside the save delay (2 s), then SIGKILL of the replica it went to: nothing is stored yet.
    one.type(1, 0, 'Typed before the kill. ');
    await until(() => one.provider.unsyncedChanges === 0, 'the edit reached replica 1');
    process.kill(system.pidOf('collab-1'), 'SIGKILL');
    await until(() => one.socketCloseCodes.length > 0, 'tab one saw its socket go', 30_000);
    one.type(1, 0, 'Typed while it was down. ');

    // The launcher restarts the replica; the tab reconnects on its own and sends what the server lacks.
    await until(
      () => one.provider.isSynced && one.provider.unsyncedChanges === 0 && two.text() === one.text(),
      'tab one back and converged',
      90_000,
    );
    one.type(1, 0, 'Typed after reconnecting. ');
    two.type(1, 0, 'Typed on the other replica. ');
    await until(() => one.text() === two.text() && one.text().includes('other replica.'), 'convergence again', 30_000);
    const shown = one.text();
    one.destroy();
    two.destroy();

    const phrases = [
      'First on one.',
      'First on two.',
      'Typed before the kill.',
      'Typed while it was down.',
      'Typed after reconnecting.',
      'Typed on the other replica.',
    ];
    for (const phrase of phrases) expect(shown).toContain(phrase);
    await storedWhen((content) => phrases.every((phrase) => content.includes(phrase)));
  }, 240_000);

  it('reaches the replicas through the gateways too (/collab on the public port)', async () => {
    const [viaGateway, direct] = [tabOn('gateway'), tabOn(2)];
    await until(() => viaGateway.provider.isSynced && direct.provider.isSynced, 'both synced', 60_000);
    viaGateway.type(1, 0, 'Through the gateway. ');
    await until(() => direct.text().includes('Through the gateway.'), 'the edit reached the other tab', 30_000);
    viaGateway.destroy();
    direct.destroy();
    await storedWhen((content) => content.includes('Through the gateway.'));
  }, 120_000);
});

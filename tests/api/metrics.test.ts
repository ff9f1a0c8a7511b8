import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookStatusSchema } from '@bookwright/contracts/http';
import { newAccount, startTestSystem, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { freePorts } from '../support/ports';

let system: TestSystem;
reportSystemFailures(() => system);
let healthPort: number;
beforeAll(async () => {
  healthPort = await freePorts(1);
  system = await startTestSystem({ HEALTH_PORT: String(healthPort) });
});
afterAll(async () => {
  await system?.stop();
});

const scrape = async () => (await fetch(`http://127.0.0.1:${healthPort}/metrics`)).text();

describe('metrics of the embedded process, on HEALTH_PORT', () => {
  it('counts HTTP requests by route and status, bus traffic and outbox backlogs', async () => {
    const client = system.client();
    expect((await client.post('/api/v1/auth/sign-up', newAccount())).status).toBe(201);
    expect((await client.get('/api/v1/user/current-user')).status).toBe(200);
    // user.registered goes through the user outbox to billing's consumer.
    let text = '';
    for (let i = 0; i < 100; i++) {
      text = await scrape();
      if (/bookwright_bus_messages_handled_total\{consumer="billing",event="user.registered"\} [1-9]/.test(text)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(text).toMatch(
      /bookwright_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/auth\/sign-up",status_code="201"\} 1/,
    );
    expect(text).toMatch(
      /bookwright_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/user\/current-user",status_code="200"\} 1/,
    );
    expect(text).toMatch(/bookwright_bus_messages_handled_total\{consumer="billing",event="user.registered"\} [1-9]/);
    expect(text).toMatch(/bookwright_bus_request_handling_seconds_count\{request="user.[a-z-.]+",outcome="ok"\} [1-9]/);
    for (const service of ['user', 'billing', 'book'])
      expect(text).toMatch(new RegExp(`^bookwright_outbox_backlog\\{service="${service}"\\} \\d+$`, 'm'));
    expect(text).toContain('bookwright_nodejs_eventloop_lag_seconds');
    expect(text).toContain('# TYPE bookwright_export_duration_seconds histogram');
  });

  it('counts LLM calls and tokens of a plan', async () => {
    const client = system.client();
    expect((await client.post('/api/v1/auth/sign-up', newAccount())).status).toBe(201);
    expect((await client.post('/api/v1/payment', { accountType: 'starter', currency: 'eur' })).status).toBe(200);
    const planned = await client.post('/api/v1/agent/plan', {
      prompt: 'A beekeeper in Gdańsk decodes the dances of her bees.',
      title: 'The Dance',
      language: 'english',
      targetAudience: 'Adults',
      genre: 'mystery',
      size: 'short',
    });
    expect(planned.status).toBeLessThan(300);
    let text = '';
    for (let i = 0; i < 200; i++) {
      text = await scrape();
      if (/bookwright_llm_calls_total\{provider="offline",[^}]*outcome="ok"\} [1-9]/.test(text)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(text).toMatch(/bookwright_llm_calls_total\{provider="offline",[^}]*outcome="ok"\} [1-9]/);
    expect(text).toMatch(/bookwright_llm_call_duration_seconds_count\{provider="offline",[^}]*\} [1-9]/);
    expect(text).toMatch(/bookwright_llm_tokens_total\{provider="offline",[^}]*kind="completion"\} \d+/);
    // Books by status, from the book service's table: every status reported, this book counted.
    const books = [...text.matchAll(/^bookwright_books\{status="(\w+)"\} (\d+)$/gm)];
    expect(books.map((m) => m[1]).sort()).toEqual([...BookStatusSchema.options].sort());
    expect(books.reduce((sum, m) => sum + Number(m[2]), 0)).toBeGreaterThanOrEqual(1);
  });

  it("counts hits and misses of the gateway's caches", async () => {
    const lookups = (text: string, cache: string, result: string) =>
      Number(
        text.match(
          new RegExp(`^bookwright_gateway_cache_lookups_total\\{cache="${cache}",result="${result}"\\} (\\d+)$`, 'm'),
        )?.[1] ?? 0,
      );
    const before = await scrape();
    const client = system.client();
    expect((await client.post('/api/v1/auth/sign-up', newAccount())).status).toBe(201);
    for (let i = 0; i < 3; i++) {
      expect((await client.get('/api/v1/book')).status).toBe(200);
      expect((await client.get('/api/v1/user/current-user')).status).toBe(200);
    }
    const after = await scrape();
    // Six signed-in requests: the session is looked up six times; each read model misses once, then hits
    // (the default TTLs are seconds; nothing about this new user changes in between).
    expect(lookups(after, 'session', 'hit') + lookups(after, 'session', 'miss')).toBe(
      lookups(before, 'session', 'hit') + lookups(before, 'session', 'miss') + 6,
    );
    for (const cache of ['library', 'current_user']) {
      expect(lookups(after, cache, 'miss') - lookups(before, cache, 'miss')).toBeGreaterThanOrEqual(1);
      expect(lookups(after, cache, 'hit') - lookups(before, cache, 'hit')).toBeGreaterThanOrEqual(1);
      expect(lookups(after, cache, 'hit') + lookups(after, cache, 'miss')).toBe(
        lookups(before, cache, 'hit') + lookups(before, cache, 'miss') + 3,
      );
    }
  });

  it('answers readiness on the health port, and never serves metrics on the public port', async () => {
    expect((await fetch(`http://127.0.0.1:${healthPort}/readyz`)).status).toBe(200);
    const publicAnswer = await fetch(`${system.url}/metrics`);
    expect(await publicAnswer.text()).not.toContain('bookwright_');
  });
});

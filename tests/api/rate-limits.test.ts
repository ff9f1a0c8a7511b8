import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@bookwright/contracts';
import { newAccount, startTestSystem, type TestSystem } from '../support/test-system';

describe('rate limits on auth calls', () => {
  let system: TestSystem;
  beforeAll(async () => {
    system = await startTestSystem({ AUTH_RATE_LIMIT_PER_ACCOUNT: '3', AUTH_RATE_LIMIT_PER_IP: '8' });
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('limits login attempts per account whatever the client, with the spec text and Retry-After', async () => {
    const email = newAccount().email;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      // A fresh client each time: the per-account limit must not depend on cookies.
      statuses.push(
        (await system.client().post('/api/v1/auth/login', { email, password: `guess-number-${i}` })).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await system
      .client()
      .post('/api/v1/auth/login', { email: email.toUpperCase(), password: 'one-more-guess' });
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toBe(apiMessages.tooManyRequests);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits auth calls per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      statuses.push(
        (await system.client().post('/api/v1/user/forgot-password', { email: `someone${i}@example.com` })).status,
      );
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@bookwright/contracts/http';
import { newAccount, startTestSystem, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';

// Each test uses IPs of its own (X-Forwarded-For, trusted here), so the budgets never mix between tests.
describe('rate limits on auth calls', () => {
  let system: TestSystem;
  reportSystemFailures(() => system);
  const failedLogins = 3;
  const perIp = 8;
  beforeAll(async () => {
    system = await startTestSystem({
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_FAILED_LOGINS: String(failedLogins),
      AUTH_RATE_LIMIT_PER_IP: String(perIp),
    });
  });
  afterAll(async () => {
    await system?.stop();
  });

  const signUp = async (ip: string) => {
    const account = newAccount();
    expect((await system.client({ ip }).post('/api/v1/auth/sign-up', account)).status).toBe(201);
    return account;
  };

  it('limits failed logins per account and IP, with the spec text and Retry-After', async () => {
    const account = await signUp('10.0.1.1');
    const statuses: number[] = [];
    for (let i = 0; i < failedLogins + 1; i += 1) {
      // A fresh client each time: the limit must not depend on cookies.
      const res = await system.client({ ip: '10.0.1.2' }).post('/api/v1/auth/login', {
        email: account.email,
        password: `guess-number-${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(failedLogins).fill(401), 429]);
    const limited = await system
      .client({ ip: '10.0.1.2' })
      .post('/api/v1/auth/login', { email: account.email.toUpperCase(), password: account.password });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ msg: apiMessages.tooManyRequests });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("never locks the owner out: a stranger's failed guesses from another IP do not count against them", async () => {
    const account = await signUp('10.0.2.1');
    for (let i = 0; i < failedLogins * 3; i += 1) {
      const stranger = await system
        .client({ ip: `10.0.2.${100 + i}` })
        .post('/api/v1/auth/login', { email: account.email, password: `stranger-guess-${i}` });
      expect(stranger.status).toBe(401);
    }
    const strangerIp = '10.0.2.200';
    for (let i = 0; i < failedLogins; i += 1)
      await system.client({ ip: strangerIp }).post('/api/v1/auth/login', { email: account.email, password: `g${i}` });
    expect(
      (await system.client({ ip: strangerIp }).post('/api/v1/auth/login', account)).status,
      'the guessing pair is limited',
    ).toBe(429);
    const owner = await system.client({ ip: '10.0.2.1' }).post('/api/v1/auth/login', account);
    expect(owner.status).toBe(200);
  });

  it('never counts successful logins', async () => {
    const ip = '10.0.3.1';
    const account = await signUp(ip);
    for (let i = 0; i < perIp * 2; i += 1) {
      const res = await system.client({ ip }).post('/api/v1/auth/login', account);
      expect(res.status, `login ${i + 1}`).toBe(200);
    }
  });

  it('a successful login clears the failures of its account and IP', async () => {
    const ip = '10.0.4.1';
    const account = await signUp(ip);
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < failedLogins - 1; i += 1)
        expect(
          (await system.client({ ip }).post('/api/v1/auth/login', { ...account, password: 'wrong-one' })).status,
        ).toBe(401);
      expect((await system.client({ ip }).post('/api/v1/auth/login', account)).status).toBe(200);
    }
  });

  it('shares one per-IP budget over login, sign-up, forgot and reset password', async () => {
    const ip = '10.0.5.1';
    const client = () => system.client({ ip });
    const calls = [
      () => client().post('/api/v1/auth/sign-up', newAccount()),
      () => client().post('/api/v1/auth/login', { email: 'nobody@example.com', password: 'not-a-password' }),
      () => client().post('/api/v1/user/forgot-password', { email: 'someone@example.com' }),
      () => client().post('/api/v1/user/reset-password', { token: 'no-such-token', newPassword: 'a-new-Passw0rd-x' }),
    ];
    const statuses: number[] = [];
    for (let i = 0; i < perIp; i += 1) statuses.push((await calls[i % calls.length]!()).status);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ msg: apiMessages.tooManyRequests });
    }
    // Another IP has a budget of its own.
    expect(
      (await system.client({ ip: '10.0.5.2' }).post('/api/v1/user/forgot-password', { email: 'a@example.com' })).status,
    ).toBe(200);
  });
});

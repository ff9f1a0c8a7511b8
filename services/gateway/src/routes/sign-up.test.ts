import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noPlanBillingSummary, type BillingSummary } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { buildUserProfile } from '@bookwright/contracts/testing';
import { type Bus, type Subscription } from '@bookwright/kit';
import { gatewayOnBus, type GatewayOnBus } from '../testing/gateway-on-bus';

/*
 * Sign-up and login while billing is away: the account and its session exist once the user service
 * answered, so the author is told so (signed in, no plan for now), and the plan summary is billing's again
 * once billing is back.
 */

const xsrf = 'test-xsrf-token';
const profile = buildUserProfile({ _id: 'u-new', email: 'new@example.com' });
/** Another account, so that no current-user read of the sign-up test stands in for its own. */
const returning = buildUserProfile({ _id: 'u-back', email: 'back@example.com' });
const starter: BillingSummary = { ...noPlanBillingSummary, accountType: 'starter', booksLeftThisMonth: 7 };

let app: FastifyInstance;
let bus: Bus;
let gateway: GatewayOnBus | undefined;

beforeAll(async () => {
  gateway = await gatewayOnBus({
    serve: (bus) => [
      bus.serve(requests.user.signUp, async () => ({
        user: profile,
        session: { token: 'new-token', expiresAt: new Date(Date.now() + 60_000).toISOString() },
      })),
      bus.serve(requests.user.resolveSession, async ({ token }) => ({
        userId: token === 'login-token' ? returning._id : profile._id,
        sessionId: 's1',
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      })),
      bus.serve(requests.user.getProfile, async ({ userId }) => (userId === returning._id ? returning : profile)),
      bus.serve(requests.user.login, async () => ({
        user: returning,
        session: { token: 'login-token', expiresAt: new Date(Date.now() + 60_000).toISOString() },
      })),
    ],
    config: { AUTH_RATE_LIMIT_PER_IP: '1000' },
  });
  ({ app, bus } = gateway);
});

afterAll(async () => {
  await gateway?.close();
});

/**
 * After a sign-in answered while billing was down: reading the user says so (503) rather than keeping the
 * "no plan" stand-in, and once billing answers the user carries its real plan. `more` runs while billing
 * is back.
 */
async function expectPlanOnceBillingIsBack(sid: string, userId: string, more?: () => Promise<void>) {
  const signedIn = { cookie: `XSRF-TOKEN=${xsrf}; sid=${sid}`, 'x-xsrf-token': xsrf };
  const whileDown = await app.inject({ method: 'GET', url: '/api/v1/user/current-user', headers: signedIn });
  expect(whileDown.statusCode).toBe(503);

  let billing: Subscription | undefined;
  try {
    billing = await bus.serve(requests.billing.getSummary, async () => starter);
    const back = await app.inject({ method: 'GET', url: '/api/v1/user/current-user', headers: signedIn });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ _id: userId, accountType: 'starter', booksLeftThisMonth: 7 });
    await more?.();
  } finally {
    await billing?.stop();
  }
}

describe('sign-up with billing unavailable', () => {
  it('answers its success with no plan, and the plan summary comes from billing once it is back', async () => {
    // No billing responder: every billing request fails at once with 503, as with billing down.
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      payload: { firstName: 'Ada', lastName: 'Byron', email: profile.email, password: 'a long enough passphrase' },
    });
    expect(signUp.statusCode).toBe(201);
    expect(signUp.json()).toEqual({ msg: 'Account created', user: { ...profile, ...noPlanBillingSummary } });
    const sid = signUp.cookies.find((cookie) => cookie.name === 'sid');
    expect(sid?.value).toBe('new-token');

    await expectPlanOnceBillingIsBack(sid!.value, profile._id);
  });
});

describe('login with billing unavailable', () => {
  it('answers its success with no plan for now, and the next current-user read asks billing again', async () => {
    // No billing responder: every billing request fails at once with 503, as with billing down.
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      payload: { email: returning.email, password: 'a long enough passphrase' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ msg: 'Logged in', user: { ...returning, ...noPlanBillingSummary } });
    const sid = login.cookies.find((cookie) => cookie.name === 'sid');
    expect(sid?.value).toBe('login-token');

    await expectPlanOnceBillingIsBack(sid!.value, returning._id, async () => {
      // With billing answering, a login carries the real plan.
      const again = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
        payload: { email: returning.email, password: 'a long enough passphrase' },
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ user: { accountType: 'starter', booksLeftThisMonth: 7 } });
    });
  });
});

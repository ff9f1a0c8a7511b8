import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noPlanBillingSummary, takeoutMessages } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { buildUserProfile } from '@bookwright/contracts/testing';
import { gatewayOnBus, type GatewayOnBus } from '../testing/gateway-on-bus';

/*
 * One takeout per author at a time: a second download started while the first is still being prepared is
 * a 409 with the takeout's text, and the author can download again once the first one has ended.
 */

const xsrf = 'test-xsrf-token';
const profile = buildUserProfile({ _id: 'u-takeout', email: 'takeout@example.com' });
const signedIn = { cookie: `XSRF-TOKEN=${xsrf}; sid=token`, 'x-xsrf-token': xsrf };

let app: FastifyInstance;
let gateway: GatewayOnBus | undefined;
/** While set, the user service's answer to the profile read waits for this gate (and says it started). */
let profileGate: { started(): void; opened: Promise<void> } | undefined;

beforeAll(async () => {
  gateway = await gatewayOnBus({
    serve: (bus) => [
      bus.serve(requests.user.resolveSession, async () => ({
        userId: profile._id,
        sessionId: 's1',
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      })),
      bus.serve(requests.user.getProfile, async () => {
        if (profileGate) {
          profileGate.started();
          await profileGate.opened;
        }
        return profile;
      }),
      bus.serve(requests.billing.getSummary, async () => noPlanBillingSummary),
      bus.serve(requests.billing.listInvoices, async () => ({ invoices: [] })),
      bus.serve(requests.book.takeoutList, async () => ({ books: [] })),
    ],
  });
  ({ app } = gateway);
});

afterAll(async () => {
  await gateway?.close();
});

describe('GET /user/export while another takeout of the same author runs', () => {
  it('answers 409 with the takeout text, and downloads again once the first has ended', async () => {
    let started!: () => void;
    let open!: () => void;
    const asked = new Promise<void>((resolve) => (started = resolve));
    profileGate = { started, opened: new Promise<void>((resolve) => (open = resolve)) };
    const first = app.inject({ method: 'GET', url: '/api/v1/user/export', headers: signedIn });
    await asked; // the first takeout is under way, waiting for the profile

    const second = await app.inject({ method: 'GET', url: '/api/v1/user/export', headers: signedIn });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ msg: takeoutMessages.alreadyRunning });

    open();
    profileGate = undefined;
    const done = await first;
    expect(done.statusCode).toBe(200);
    expect(done.headers['content-type']).toBe('application/zip');

    const again = await app.inject({ method: 'GET', url: '/api/v1/user/export', headers: signedIn });
    expect(again.statusCode).toBe(200);
  });
});

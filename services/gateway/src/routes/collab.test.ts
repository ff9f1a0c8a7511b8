import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AppError,
  CollabTokenClaimsSchema,
  CollabTokenSchema,
  noPlanBillingSummary,
  type BookRole,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { verifyClaims } from '@bookwright/kit';
import {
  gatewayOnBus,
  serveTestSession,
  signedInHeaders,
  testXsrf,
  type GatewayOnBus,
} from '../testing/gateway-on-bus';

const xsrf = testXsrf;
const headers = signedInHeaders;
const secret = 'gateway-test-collab-secret-of-32-chars';
/** Who has which role on which book, as the book service's access check answers. */
const roles: Record<string, BookRole> = { mine: 'owner', shared: 'viewer' };

let gateway: GatewayOnBus;
let withoutSecret: GatewayOnBus;

const serve = (bus: Parameters<Parameters<typeof gatewayOnBus>[0]['serve']>[0]) => [
  serveTestSession(bus),
  bus.serve(requests.billing.getSummary, async () => noPlanBillingSummary),
  bus.serve(requests.book.access, async ({ userId, bookId, action }) => {
    const role = userId === 'u1' && action === 'read' ? roles[bookId] : undefined;
    if (!role) throw new AppError(404, 'Book not found');
    return { role, ownerId: 'owner' };
  }),
];

beforeAll(async () => {
  gateway = await gatewayOnBus({ serve, config: { COLLAB_TOKEN_SECRET: secret } });
  withoutSecret = await gatewayOnBus({ serve });
});
afterAll(async () => {
  await gateway?.close();
  await withoutSecret?.close();
});

const askToken = (app: FastifyInstance, bookId: string, requestHeaders: Record<string, string> = headers) =>
  app.inject({ method: 'POST', url: `/api/v1/book/${bookId}/collab-token`, headers: requestHeaders });

describe('POST /book/{id}/collab-token', () => {
  it('signs five minutes of access to the book live document, with the role the book service answers', async () => {
    const before = Date.now();
    const res = await askToken(gateway.app, 'mine');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = CollabTokenSchema.parse(res.json());
    expect(body).toMatchObject({ role: 'owner', readOnly: false, url: '/collab', documentName: 'book:mine' });
    const claims = verifyClaims(secret, body.token, CollabTokenClaimsSchema, Date.now());
    expect(claims).toMatchObject({ userId: 'u1', bookId: 'mine', role: 'owner' });
    expect(claims!.exp).toBeGreaterThanOrEqual(before + 5 * 60_000);
    expect(new Date(body.expiresAt).getTime()).toBe(claims!.exp);
    expect(verifyClaims('another-secret-another-secret-another', body.token, CollabTokenClaimsSchema, 0)).toBe(
      undefined,
    );
  });

  it('gives a viewer a read-only token, and nothing to someone with no role (404)', async () => {
    const viewer = CollabTokenSchema.parse((await askToken(gateway.app, 'shared')).json());
    expect(viewer).toMatchObject({ role: 'viewer', readOnly: true, documentName: 'book:shared' });
    const stranger = await askToken(gateway.app, 'someone-elses');
    expect(stranger.statusCode).toBe(404);
  });

  it('asks for a session and the CSRF token as every write does', async () => {
    expect(
      (await askToken(gateway.app, 'mine', { 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` })).statusCode,
    ).toBe(401);
    expect((await askToken(gateway.app, 'mine', { cookie: headers.cookie })).statusCode).toBe(403);
  });

  it('answers 503 on a gateway without a collab secret', async () => {
    const res = await askToken(withoutSecret.app, 'mine');
    expect(res.statusCode).toBe(503);
  });
});

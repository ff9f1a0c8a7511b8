import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookSearchMessages, noPlanBillingSummary } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { gatewayOnBus, serveTestSession, signedInHeaders, type GatewayOnBus } from '../testing/gateway-on-bus';

/*
 * GET /book/search as the gateway checks it and forwards it: the query is refused before the book service
 * is asked when it is empty or too long, and forwarded trimmed otherwise. The book service is played by a
 * responder that records what it is asked.
 */

let app: FastifyInstance;
let gateway: GatewayOnBus | undefined;
let asked: string[] = [];

beforeAll(async () => {
  gateway = await gatewayOnBus({
    serve: (bus) => [
      serveTestSession(bus),
      bus.serve(requests.billing.getSummary, async () => noPlanBillingSummary),
      bus.serve(requests.book.search, async ({ q }) => {
        asked.push(q);
        return { results: [], truncated: false };
      }),
    ],
  });
  ({ app } = gateway);
});

afterAll(async () => {
  await gateway?.close();
});

beforeEach(() => {
  asked = [];
});

const search = async (query: string, headers: Record<string, string> = signedInHeaders) => {
  const res = await app.inject({ method: 'GET', url: `/api/v1/book/search${query}`, headers });
  return { status: res.statusCode, body: res.json() as { msg?: string } };
};

describe('GET /book/search', () => {
  it('forwards a query, trimmed, and answers what the book service found', async () => {
    expect(await search(`?q=${encodeURIComponent('  Zoë ')}`)).toEqual({
      status: 200,
      body: { results: [], truncated: false },
    });
    expect(asked).toEqual(['Zoë']);
  });

  it('refuses an empty, blank or missing query, and one over 100 characters, with 400 and a clear message', async () => {
    expect(await search('?q=')).toEqual({ status: 400, body: { msg: bookSearchMessages.empty } });
    expect(await search('?q=%20%20')).toEqual({ status: 400, body: { msg: bookSearchMessages.empty } });
    expect((await search('')).status).toBe(400);
    expect(await search(`?q=${'a'.repeat(101)}`)).toEqual({ status: 400, body: { msg: bookSearchMessages.tooLong } });
    expect((await search(`?q=${'a'.repeat(100)}`)).status).toBe(200);
    expect(asked).toEqual(['a'.repeat(100)]);
  });

  it('needs a session', async () => {
    expect((await search('?q=zoe', {})).status).toBe(401);
    expect(asked).toEqual([]);
  });
});

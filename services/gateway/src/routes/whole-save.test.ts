import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError, apiMessages, noPlanBillingSummary, requests } from '@bookwright/contracts';
import { heading, paragraph } from '@bookwright/contracts/testing';
import { gatewayOnBus, type GatewayOnBus } from '../testing/gateway-on-bus';

/*
 * The whole save as the gateway forwards it (decision 0040): the first goes whole; the next, If-Match the
 * version the first was answered, goes as the partial save of the chapters that changed; whatever that
 * partial save refuses goes again whole. The book service is played by responders that record what they
 * are asked.
 */

const xsrf = 'test-xsrf-token';
const headers = { cookie: `XSRF-TOKEN=${xsrf}; sid=good-token`, 'x-xsrf-token': xsrf };
const manuscript = (middle: string) =>
  JSON.stringify({
    type: 'doc',
    content: [heading('One'), paragraph('first'), heading('Two'), paragraph(middle), heading('Three'), paragraph('t')],
  });

let app: FastifyInstance;
let gateway: GatewayOnBus | undefined;
/** What the book service was asked, in order. */
let asked: { name: string; ifMatch?: string[] | undefined; indexes?: number[] }[] = [];
let version = 1;
/** What the partial save answers next instead of saving (a refusal, a failure). */
let refuseChapters: AppError | Error | undefined;

const saved = () => ({ etag: `"v${version}"`, updatedAt: new Date(0).toISOString() });

beforeAll(async () => {
  gateway = await gatewayOnBus({
    serve: (bus) => [
      bus.serve(requests.user.resolveSession, async ({ token }) => {
        if (token !== 'good-token') throw new AppError(401, apiMessages.unauthenticated);
        return { userId: 'u1', sessionId: 's1', expiresAt: new Date(Date.now() + 60_000).toISOString() };
      }),
      bus.serve(requests.billing.getSummary, async () => noPlanBillingSummary),
      bus.serve(requests.book.updateContent, async ({ ifMatch }) => {
        asked.push({ name: 'whole', ifMatch });
        if (ifMatch && !ifMatch.includes(`"v${version}"`)) throw new AppError(412, 'stale', { extra: saved() });
        version += 1;
        return saved();
      }),
      bus.serve(requests.book.updateChapters, async ({ ifMatch, chapters }) => {
        asked.push({ name: 'chapters', ifMatch, indexes: chapters.map((chapter) => chapter.index) });
        const refusal = refuseChapters;
        refuseChapters = undefined;
        if (refusal) throw refusal;
        if (!ifMatch.includes(`"v${version}"`)) throw new AppError(412, 'stale', { extra: saved() });
        version += 1;
        return saved();
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
  refuseChapters = undefined;
});

const save = async (bookId: string, middle: string, ifMatch?: string) => {
  const res = await app.inject({
    method: 'PATCH',
    url: `/api/v1/book/content/${bookId}`,
    headers: { ...headers, prefer: 'return=minimal', ...(ifMatch ? { 'if-match': ifMatch } : {}) },
    payload: { bookContent: manuscript(middle) },
  });
  return { status: res.statusCode, etag: res.headers.etag as string, body: res.json() as { msg?: string } };
};

describe('a whole save forwarded by the gateway', () => {
  it('goes whole first, then as the chapters that changed, If-Match the version it was answered', async () => {
    const first = await save('b1', 'a', `"v${version}"`);
    expect(first.status).toBe(200);
    const second = await save('b1', 'b', first.etag);
    expect(second.status).toBe(200);
    const third = await save('b1', 'c', second.etag);
    expect(third.status).toBe(200);
    expect(asked).toEqual([
      { name: 'whole', ifMatch: [`"v${version - 3}"`] },
      { name: 'chapters', ifMatch: [first.etag], indexes: [1] },
      { name: 'chapters', ifMatch: [second.etag], indexes: [1] },
    ]);
  });

  it('names only the version it compared with, whatever else If-Match lists', async () => {
    const first = await save('b2', 'a', `"v${version}"`);
    await save('b2', 'b', `"v1", ${first.etag}`);
    expect(asked.at(-1)).toEqual({ name: 'chapters', ifMatch: [first.etag], indexes: [1] });
  });

  it('goes whole again when the partial save is refused, and answers as the whole save does', async () => {
    const first = await save('b3', 'a', `"v${version}"`);
    refuseChapters = new AppError(400, 'A chapter is not a valid part of an editor document');
    const second = await save('b3', 'b', first.etag);
    expect(second.status).toBe(200);
    expect(asked.slice(1).map((call) => call.name)).toEqual(['chapters', 'whole']);
    // Another tab saved in between: the partial save and then the whole save are refused, with the whole's 412.
    version += 1;
    const stale = await save('b3', 'c', second.etag);
    expect(stale.status).toBe(412);
    expect(asked.slice(3).map((call) => call.name)).toEqual(['chapters', 'whole']);
    // Nothing is remembered after a refusal: the next save goes whole.
    const fresh = await save('b3', 'd', `"v${version}"`);
    expect(fresh.status).toBe(200);
    expect(asked.at(-1)?.name).toBe('whole');
  });

  it('does not send the body again after a failure that may have stored it', async () => {
    const first = await save('b4', 'a', `"v${version}"`);
    refuseChapters = new AppError(503, 'The book service did not answer in time');
    const failed = await save('b4', 'b', first.etag);
    expect(failed.status).toBe(503);
    expect(asked.slice(1).map((call) => call.name)).toEqual(['chapters']);
  });

  it('sends an unconditional save whole, and the next one too', async () => {
    await save('b5', 'a');
    await save('b5', 'b', `"v${version}"`);
    await save('b5', 'c');
    expect(asked.map((call) => call.name)).toEqual(['whole', 'whole', 'whole']);
  });
});

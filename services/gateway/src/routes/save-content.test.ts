import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError, noPlanBillingSummary } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { heading, paragraph } from '@bookwright/contracts/testing';
import { gatewayOnBus, serveTestSession, signedInHeaders, type GatewayOnBus } from '../testing/gateway-on-bus';

/*
 * PATCH /book/content/{id} as the gateway forwards it (decision 0044): a whole save goes to the book service
 * as it came, the text untouched, whatever was saved before (the book service alone finds which chapters
 * changed); a partial save of an API client goes as its chapters. The book service is played by responders
 * that record what they are asked.
 */

const headers = signedInHeaders;
const manuscript = (middle: string) =>
  JSON.stringify({
    type: 'doc',
    content: [heading('One'), paragraph('first'), heading('Two'), paragraph(middle), heading('Three'), paragraph('t')],
  });

let app: FastifyInstance;
let gateway: GatewayOnBus | undefined;
/** What the book service was asked, in order. */
let asked: { name: string; ifMatch?: string[] | undefined; bookContent?: string; indexes?: number[] }[] = [];
let version = 1;

const saved = () => ({ etag: `"v${version}"`, updatedAt: new Date(0).toISOString() });

beforeAll(async () => {
  gateway = await gatewayOnBus({
    serve: (bus) => [
      serveTestSession(bus),
      bus.serve(requests.billing.getSummary, async () => noPlanBillingSummary),
      bus.serve(requests.book.updateContent, async ({ ifMatch, bookContent }) => {
        asked.push({ name: 'whole', ifMatch, bookContent });
        if (ifMatch && !ifMatch.includes(`"v${version}"`)) throw new AppError(412, 'stale', { extra: saved() });
        version += 1;
        return saved();
      }),
      bus.serve(requests.book.updateChapters, async ({ ifMatch, chapters }) => {
        asked.push({ name: 'chapters', ifMatch, indexes: chapters.map((chapter) => chapter.index) });
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
});

const save = async (bookId: string, middle: string, ifMatch?: string, body?: object) => {
  const res = await app.inject({
    method: 'PATCH',
    url: `/api/v1/book/content/${bookId}`,
    headers: { ...headers, prefer: 'return=minimal', ...(ifMatch ? { 'if-match': ifMatch } : {}) },
    payload: body ?? { bookContent: manuscript(middle) },
  });
  return { status: res.statusCode, etag: res.headers.etag as string, body: res.json() as { msg?: string } };
};

describe('a save forwarded by the gateway', () => {
  it('forwards every whole save whole, its text as it came, If-Match as the client sent it', async () => {
    const first = await save('b1', 'a', `"v${version}"`);
    expect(first.status).toBe(200);
    const second = await save('b1', 'b', first.etag);
    expect(second.status).toBe(200);
    const third = await save('b1', 'c', `"v1", ${second.etag}`);
    expect(third.status).toBe(200);
    expect(asked).toEqual([
      { name: 'whole', ifMatch: [`"v${version - 3}"`], bookContent: manuscript('a') },
      { name: 'whole', ifMatch: [first.etag], bookContent: manuscript('b') },
      { name: 'whole', ifMatch: ['"v1"', second.etag], bookContent: manuscript('c') },
    ]);
  });

  it("answers a stale save with the book service's 412 and sends nothing more", async () => {
    const first = await save('b2', 'a', `"v${version}"`);
    version += 1;
    const stale = await save('b2', 'b', first.etag);
    expect(stale.status).toBe(412);
    expect(asked.map((call) => call.name)).toEqual(['whole', 'whole']);
  });

  it('sends an unconditional save whole', async () => {
    await save('b3', 'a');
    await save('b3', 'b');
    expect(asked.map((call) => [call.name, call.ifMatch])).toEqual([
      ['whole', undefined],
      ['whole', undefined],
    ]);
  });

  it("forwards an API client's partial save as its chapters, and asks for If-Match first", async () => {
    const chapters = [{ index: 1, content: [heading('Two'), paragraph('b')] }];
    const saved = await save('b4', '', `"v${version}"`, { chapters });
    expect(saved.status).toBe(200);
    expect(asked).toEqual([{ name: 'chapters', ifMatch: [`"v${version - 1}"`], indexes: [1] }]);
    expect((await save('b4', '', undefined, { chapters })).status).toBe(428);
  });
});

import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages, type Book } from '@bookwright/contracts/http';
import { chapter, documentOf } from '@bookwright/contracts/testing';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { readyBook } from '../support/books';

/*
 * Issue 47: every route parsed up to 12 MB of JSON, even those that take no body, so ten 11 MB bodies of
 * 600,000 keys slowed /health/live from 3 ms to 2.3 s. A route now reads only what it takes
 * (services/gateway/src/security/body-limits.ts, where every route's limit is listed): a body over it is
 * refused with 413 from its Content-Length, before it is read, while the gateway keeps answering.
 */

let system: TestSystem;
reportSystemFailures(() => system);
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system?.stop();
});

const xsrf = 'body-limit-test-token';
/** 600,000 keys, as the probe sent: `{"key-0":0,"key-1":1,…}`, about 11 MB. */
const manyKeys = () => {
  const parts = ['{'];
  for (let i = 0; i < 600_000; i += 1) parts.push(`${i ? ',' : ''}"key-${i}":${i}`);
  parts.push('}');
  return Buffer.from(parts.join(''));
};

/**
 * Declares the whole body in Content-Length but writes only its first `written` bytes, then waits for the
 * answer: one that comes is proof the gateway did not wait to read the rest. The request stays open.
 */
function declaredNotSent(path: string, body: Buffer, written: number) {
  const url = new URL(path, system.url);
  let sent: ClientRequest | undefined;
  const answer = new Promise<{ status: number; msg: unknown }>((resolve, reject) => {
    sent = httpRequest(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(body.length),
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
      },
    });
    sent.on('error', reject);
    sent.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          msg: (JSON.parse(Buffer.concat(chunks).toString()) as { msg?: unknown }).msg,
        }),
      );
    });
    sent.write(body.subarray(0, written));
  });
  return { answer, close: () => sent?.destroy() };
}

describe('a body larger than what its route takes', () => {
  it('is refused with 413 before it is read, ten at once on a route that takes none, and health still answers', async () => {
    const body = manyKeys();
    expect(body.length).toBeGreaterThan(10 * 1024 * 1024);
    const requests = Array.from({ length: 10 }, () => declaredNotSent('/api/v1/auth/logout', body, 64 * 1024));
    try {
      const answers = await Promise.all(requests.map((r) => r.answer));
      expect(answers).toEqual(Array.from({ length: 10 }, () => ({ status: 413, msg: apiMessages.payloadTooLarge })));
      // The ten are still open, their bodies unsent: the gateway answers as ever.
      const live = await fetch(`${system.url}/api/v1/health/live`);
      expect(live.status).toBe(200);
    } finally {
      for (const r of requests) r.close();
    }
  });

  it('is refused with 413 on the anonymous sales form at 1 MB, which takes the form at its size', async () => {
    const client = system.client();
    const enquiry = { name: 'Ada', company: 'Analytical', email: 'ada@example.com', seats: 12 };
    const huge = await client.post('/api/v1/contact-sales', { ...enquiry, message: 'x'.repeat(1024 * 1024) });
    expect({ status: huge.status, body: huge.body }).toEqual({
      status: 413,
      body: { msg: apiMessages.payloadTooLarge },
    });
    const fine = await client.post('/api/v1/contact-sales', { ...enquiry, message: 'Forty seats, please.' });
    expect(fine.status).toBe(200);
  });

  it('leaves a manuscript save its own limit: a 1 MB manuscript is stored', async () => {
    const { client, book } = await readyBook(system);
    const paragraphs = Array.from({ length: 2_000 }, (_, i) => `Paragraph ${i}: ${'words of the book '.repeat(28)}`);
    const document = documentOf(
      chapter('One', ...paragraphs.slice(0, 1_000)),
      chapter('Two', ...paragraphs.slice(1_000)),
    );
    const text = JSON.stringify(document);
    expect(text.length).toBeGreaterThan(1024 * 1024);
    const saved = await client.patch<Book>(`/api/v1/book/content/${book._id}`, { bookContent: text });
    expect(saved.status).toBe(200);
    expect((await client.get<Book>(`/api/v1/book/${book._id}`)).body.bookContent).toBe(text);
  });
});

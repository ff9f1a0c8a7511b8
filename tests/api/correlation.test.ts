import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, startTestSystem, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';

let system: TestSystem;
reportSystemFailures(() => system);
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system?.stop();
});

const servicesThatLogged = (correlationId: string) =>
  new Set(system.logs.filter((line) => line.correlationId === correlationId).map((line) => String(line.service)));

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('correlation ids', () => {
  it(
    'follow a book from the HTTP request that planned it to the planner, and from the confirmation to the writer',
    { timeout: 120_000 },
    async () => {
      const client = system.client();
      expect((await client.post('/api/v1/auth/sign-up', newAccount())).status).toBe(201);
      expect((await client.post('/api/v1/payment', { accountType: 'starter', currency: 'eur' })).status).toBe(200);

      const planId = `plan-${Date.now().toString(36)}-trace`;
      const planned = await client.post(
        '/api/v1/agent/plan',
        {
          prompt: 'A glassblower in Murano hides a map inside a vase.',
          title: 'The Glass Map',
          language: 'english',
          targetAudience: 'Adults',
          genre: 'mystery',
          size: 'short',
        },
        { headers: { 'x-request-id': planId } },
      );
      expect(planned.status).toBeLessThan(300);
      expect(planned.headers.get('x-request-id')).toBe(planId);
      await until(() => servicesThatLogged(planId).has('book'), 'the book service to log under the request id');
      // The planner works from the book service's event, which carries the id through the outbox.
      await until(
        () => system.logs.some((l) => l.msg === 'plan built' && l.correlationId === planId),
        'the planner to log the plan under the request id',
      );

      const list = await client.get<{ _id: string; status: string }[]>('/api/v1/book');
      const bookId = list.body[0]?._id ?? '';
      for (let i = 0; i < 600; i++) {
        const book = await client.get<{ status: string }>(`/api/v1/book/${bookId}`);
        if (book.body.status === 'validation') break;
        await new Promise((r) => setTimeout(r, 100));
      }

      const confirmId = `confirm-${Date.now().toString(36)}-trace`;
      const confirmed = await client.patch(
        `/api/v1/agent/write/${bookId}`,
        {},
        { headers: { 'x-request-id': confirmId } },
      );
      expect(confirmed.status).toBeLessThan(300);
      await until(() => servicesThatLogged(confirmId).has('writer'), 'the writer to log under the confirmation id');
      await until(
        () =>
          system.logs.some(
            (l) => l.service === 'writer' && l.msg === 'chapter written' && l.correlationId === confirmId,
          ),
        'the chapters to be logged under the confirmation id',
      );
      // Nothing of this book's writing is logged under another request's id.
      const writerLines = system.logs.filter((l) => l.service === 'writer' && l.bookId === bookId);
      expect(writerLines.every((l) => l.correlationId === confirmId)).toBe(true);
    },
  );
});

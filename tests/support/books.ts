import { expect } from 'vitest';
import type { Book, PlanRequest } from '@bookwright/contracts/http';
import { newAccount, type HttpClient, type TestSystem } from './test-system';

/** A fiction plan request the offline writer turns into a book of about 100 pages. */
export const keeperOfLetters: PlanRequest = {
  prompt: 'A lighthouse keeper on a Baltic island finds letters from a sailor who vanished a century ago.',
  title: 'The Keeper of Letters',
  language: 'english',
  targetAudience: 'Adult readers',
  genre: 'mystery',
  size: 'short',
};

/** A manuscript of one paragraph, as the editor sends it (JSON text): what the API tests save. */
export const oneParagraph = (text: string): string =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

/**
 * Polls a book until it reaches `status`. A book that fails on the way to another status ends the wait at
 * once with its reason, so a test reports the failure rather than a timeout.
 */
export async function waitForStatus(
  client: HttpClient,
  bookId: string,
  status: Book['status'],
  timeoutMs = 120_000,
): Promise<Book> {
  const deadline = Date.now() + timeoutMs;
  let last: Book | undefined;
  while (Date.now() < deadline) {
    last = (await client.get<Book>(`/api/v1/book/${bookId}`)).body;
    if (last.status === status) return last;
    if (last.status === 'failed') throw new Error(`book failed: ${JSON.stringify(last.failure)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`book never reached ${status}; last status ${last?.status}`);
}

/**
 * The author's journey up to a book whose structure waits for review, over HTTP: sign up, take a plan, and
 * plan the book.
 */
export async function bookInReview(
  system: TestSystem,
  options: { plan?: 'starter' | 'professional'; request?: PlanRequest } = {},
): Promise<{ client: HttpClient; book: Book }> {
  const client = system.client();
  await client.post('/api/v1/auth/sign-up', newAccount());
  await client.post('/api/v1/payment', { accountType: options.plan ?? 'professional', currency: 'eur' });
  const created = await client.post<Book>('/api/v1/agent/plan', options.request ?? keeperOfLetters);
  const book = await waitForStatus(client, created.body._id, 'validation');
  return { client, book };
}

/**
 * The author's journey up to an editable book, over HTTP: sign up, take a plan, plan the book, confirm its
 * structure, and wait until it is written.
 */
export async function readyBook(
  system: TestSystem,
  options: { plan?: 'starter' | 'professional'; request?: PlanRequest } = {},
): Promise<{ client: HttpClient; book: Book }> {
  const { client, book: planned } = await bookInReview(system, options);
  await client.patch(`/api/v1/agent/write/${planned._id}`);
  const book = await waitForStatus(client, planned._id, 'ready');
  expect(book.status).toBe('ready');
  return { client, book };
}

import { expect } from 'vitest';
import type { Book, PlanRequest } from '@bookwright/contracts';
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

/**
 * The author's journey up to an editable book, over HTTP: sign up, take a plan, plan the book, confirm its
 * structure, and wait until it is written.
 */
export async function readyBook(
  system: TestSystem,
  options: { plan?: 'starter' | 'professional'; request?: PlanRequest } = {},
): Promise<{ client: HttpClient; book: Book }> {
  const client = system.client();
  await client.post('/api/v1/auth/sign-up', newAccount());
  await client.post('/api/v1/payment', { accountType: options.plan ?? 'professional', currency: 'eur' });
  const created = await client.post<Book>('/api/v1/agent/plan', options.request ?? keeperOfLetters);
  const id = created.body._id;
  for (let i = 0; i < 600 && (await client.get<Book>(`/api/v1/book/${id}`)).body.status !== 'validation'; i += 1)
    await new Promise((r) => setTimeout(r, 100));
  await client.patch(`/api/v1/agent/write/${id}`);
  let book = created.body;
  for (let i = 0; i < 1200 && book.status !== 'ready'; i += 1) {
    await new Promise((r) => setTimeout(r, 100));
    book = (await client.get<Book>(`/api/v1/book/${id}`)).body;
  }
  expect(book.status).toBe('ready');
  return { client, book };
}

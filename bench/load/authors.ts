import type autocannon from 'autocannon';
import { HttpClient, newAccount } from '../../tests/support/test-system';

export interface Author {
  client: HttpClient;
  cookie: string;
  xsrf: string;
  /** A ready book the load opens and saves. */
  bookId: string;
}

const plan = (i: number) => ({
  prompt: `A cartographer in Trieste maps a city that changes every night, volume ${i}.`,
  title: `The Shifting Map ${i}`,
  language: 'english',
  targetAudience: 'Adult readers',
  genre: 'fantasy',
  size: 'short',
});

export async function waitFor(client: HttpClient, bookId: string, status: string): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    const res = await client.get<{ status: string; failure?: unknown }>(`/api/v1/book/${bookId}`);
    if (res.body.status === status) return;
    if (res.body.status === 'failed') throw new Error(`book ${bookId} failed: ${JSON.stringify(res.body.failure)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`book ${bookId} never reached ${status}`);
}

async function newestBookId(client: HttpClient, known: Set<string>): Promise<string> {
  for (let i = 0; i < 400; i++) {
    const list = await client.get<{ _id: string }[]>('/api/v1/book');
    const fresh = (Array.isArray(list.body) ? list.body : []).find((b) => !known.has(b._id));
    if (fresh) return fresh._id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the planned book never appeared in the library');
}

/** Plans and confirms a book; resolves with its id once it is being written. */
export async function startBook(client: HttpClient, i: number): Promise<string> {
  const known = new Set(((await client.get<{ _id: string }[]>('/api/v1/book')).body ?? []).map((b) => b._id));
  const planned = await client.post('/api/v1/agent/plan', plan(i));
  if (planned.status >= 300) throw new Error(`plan: ${planned.status} ${JSON.stringify(planned.body)}`);
  const bookId = await newestBookId(client, known);
  await waitFor(client, bookId, 'validation');
  const confirmed = await client.patch(`/api/v1/agent/write/${bookId}`, {});
  if (confirmed.status >= 300) throw new Error(`confirm: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return bookId;
}

/**
 * Plans a book and writes it to the end. A bench measures once every book is ready: the offline writer's work,
 * and the library's lists changing as it goes, would otherwise fall into some windows and not others.
 */
export async function writeBook(client: HttpClient, i: number): Promise<string> {
  const bookId = await startBook(client, i);
  await waitFor(client, bookId, 'ready');
  return bookId;
}

/** Signed-in authors on a professional plan, each with one ready book. */
export async function prepareAuthors(baseUrl: string, count: number): Promise<Author[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const client = new HttpClient(baseUrl);
      const signUp = await client.post('/api/v1/auth/sign-up', newAccount());
      if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${JSON.stringify(signUp.body)}`);
      const pay = await client.post('/api/v1/payment', { accountType: 'professional', currency: 'eur' });
      if (pay.status !== 200) throw new Error(`payment: ${pay.status} ${JSON.stringify(pay.body)}`);
      const bookId = await writeBook(client, i);
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      return { client, cookie, xsrf: client.cookies.get('XSRF-TOKEN') ?? '', bookId };
    }),
  );
}

/**
 * autocannon requests of every author in turn (each connection goes through the list, one request each).
 * Built once, as the bare anchor's single request is: a `setupRequest` makes autocannon build every request
 * again (and deep-clone its context), which on this 2-core machine took the load generator's CPU from the
 * system under test: 5–30% of the bare route's own rate when it was given the same setup (bench/README).
 */
export function asAuthors(authors: Author[], path: (a: Author) => string): autocannon.Options['requests'] {
  return authors.map((author) => ({ method: 'GET', path: path(author), headers: { cookie: author.cookie } }));
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentText,
  FictionBookStateSchema,
  NonFictionBookStateSchema,
  TiptapDocumentSchema,
  type Book,
} from '@bookwright/contracts/http';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';

// Prompts that once left a book in `planning` for ever: the offline planner cut the prompt in the middle
// of a surrogate pair, PostgreSQL refused the plan, and the event was dropped. Whole system over HTTP, with
// the offline writer (no model configured).
let system: TestSystem;
reportSystemFailures(() => system);
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system?.stop();
});

// In a /u regex a surrogate matches \p{Cs} only when it is alone: text the database would refuse.
const loneSurrogate = /\p{Cs}/u;

// The API takes prompts of at most 5,000 characters (UTF-16 code units, like every text limit).
const PROMPT_MAX = 5_000;

/** `length` code units of text that mixes Latin with diacritics, Cyrillic, Greek, CJK and Arabic. */
function fourScripts(length: number): string {
  const pieces = [
    'Zoë Kovačević crosses Łódź in the rain; ',
    'Жизнь в Москве идёт своим чередом. ',
    'Ο Νίκος ζει στην Αθήνα, κοντά στη θάλασσα. ',
    '東京の小さな書店で、古い地図が見つかる。',
    'تعيش ليلى في القاهرة مع جدتها. ',
  ];
  let text = '';
  for (let i = 0; text.length < length; i += 1) text += pieces[i % pieces.length];
  return text.slice(0, length); // every piece is in the BMP: any cut is well formed
}

async function author(): Promise<HttpClient> {
  const client = system.client();
  expect((await client.post('/api/v1/auth/sign-up', newAccount())).status).toBe(201);
  expect((await client.post('/api/v1/payment', { accountType: 'starter', currency: 'eur' })).status).toBe(200);
  return client;
}

async function waitForStatus(client: HttpClient, bookId: string, status: string, timeoutMs = 120_000): Promise<Book> {
  const deadline = Date.now() + timeoutMs;
  let last: Book | undefined;
  while (Date.now() < deadline) {
    last = (await client.get<Book>(`/api/v1/book/${bookId}`)).body;
    if (last.status === status) return last;
    if (last.status === 'failed') throw new Error(`book failed: ${JSON.stringify(last.failure)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`book never reached ${status}; last status ${last?.status}`);
}

async function plan(client: HttpClient, request: Record<string, string>): Promise<Book> {
  const started = await client.post<Book>('/api/v1/agent/plan', { language: 'english', size: 'short', ...request });
  expect(started.status, JSON.stringify(started.body).slice(0, 300)).toBe(201);
  return waitForStatus(client, started.body._id, 'validation');
}

describe('hostile prompts never leave a book stuck', () => {
  it('plans a book from 500 emoji, and writes it to the end', { timeout: 240_000 }, async () => {
    const client = await author();
    const prompt = '😀🧙‍♀️🏰🐉🇵🇱'.repeat(100);
    expect([...new Intl.Segmenter().segment(prompt)]).toHaveLength(500);
    const planned = await plan(client, {
      prompt,
      title: '📚'.repeat(100),
      targetAudience: '👩‍👩‍👧‍👦 '.repeat(20).trim(),
      genre: 'fantasy',
    });
    const state = FictionBookStateSchema.parse(planned.bookState);
    expect(loneSurrogate.test(JSON.stringify(state))).toBe(false);
    // The setting quotes the prompt, cut between emoji, never inside one.
    expect(state.expandedIdea.worldBuilding?.setting).toContain('😀🧙‍♀️🏰🐉🇵🇱');

    const confirmed = await client.patch<Book>(`/api/v1/agent/write/${planned._id}`);
    expect(confirmed.status).toBe(200);
    const ready = await waitForStatus(client, planned._id, 'ready', 180_000);
    const text = documentText(TiptapDocumentSchema.parse(JSON.parse(ready.bookContent!)));
    expect(text.length).toBeGreaterThan(10_000);
    expect(loneSurrogate.test(text)).toBe(false);
  });

  it('plans fiction and non-fiction from a prompt at the limit that mixes four scripts', async () => {
    const client = await author();
    const prompt = fourScripts(PROMPT_MAX);
    expect(prompt).toHaveLength(PROMPT_MAX);
    expect(loneSurrogate.test(prompt)).toBe(false);

    const fiction = await plan(client, {
      prompt,
      title: 'Четыре письма · Τέσσερα γράμματα · 四通の手紙',
      targetAudience: fourScripts(300),
      genre: 'mystery',
    });
    const story = FictionBookStateSchema.parse(fiction.bookState);
    expect(story.characters.map((c) => c.name)).toEqual(expect.arrayContaining(['Zoë Kovačević']));
    expect(loneSurrogate.test(JSON.stringify(story))).toBe(false);

    const nonFiction = await plan(client, {
      prompt,
      title: 'Cities of four alphabets',
      targetAudience: fourScripts(300),
      genre: 'travel',
    });
    const guide = NonFictionBookStateSchema.parse(nonFiction.bookState);
    expect(guide.expandedIdea.keyTopics).toEqual(expect.arrayContaining(['Łódź']));
    expect(loneSurrogate.test(JSON.stringify(guide))).toBe(false);
  });

  it('refuses a 10,000-character prompt with a 400, before any book exists', async () => {
    const client = await author();
    const refused = await client.post('/api/v1/agent/plan', {
      prompt: fourScripts(2 * PROMPT_MAX),
      title: 'Too long',
      language: 'english',
      targetAudience: 'Everyone',
      genre: 'mystery',
      size: 'short',
    });
    expect(refused.status).toBe(400);
    // The wording is the request schema's ("… is too long"); what matters here is that nothing started.
    expect(refused.body).toEqual({ msg: expect.stringContaining('too long') });
    expect((await client.get<unknown[]>('/api/v1/book')).body).toEqual([]);
  });
});

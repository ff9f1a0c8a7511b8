import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FictionBookStateSchema, type Book } from '@bookwright/contracts/http';
import { composePlan } from '@bookwright/planner/offline';
import { startScriptedOpenAiServer, type ScriptedOpenAiServer } from '@bookwright/ai/testing';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { waitForStatus } from '../support/books';
import { openEventStream } from '../support/event-stream';

// The whole system with the openai provider pointed at a local OpenAI-compatible server: the planner's
// real SDK path, its repair round, the failed status with a readable reason, and the retry.
describe('planning with a model that misbehaves', () => {
  let llm: ScriptedOpenAiServer;
  let system: TestSystem;
  reportSystemFailures(() => system);
  beforeAll(async () => {
    llm = await startScriptedOpenAiServer({ respond: () => ({ content: '{"expandedIdea": "not an object"}' }) });
    system = await startTestSystem({
      LLM_PROVIDER: 'openai',
      OPENAI_BASE_URL: llm.baseURL,
      OPENAI_API_KEY: 'test-key',
      LLM_MAX_RETRIES: '0',
    });
  });
  afterAll(async () => {
    await system?.stop();
    await llm?.close();
  });

  it('fails the book with a reason after one repair round, and a retry plans it', async () => {
    const client = system.client();
    // The web app learns from here that a model writes the books (no demo-text banner).
    const health = await client.get<Record<string, unknown>>('/api/v1/health');
    expect(health.body).toMatchObject({ llm: 'openai' });
    expect(health.body.llmSetup).toBeUndefined();
    await client.post('/api/v1/auth/sign-up', newAccount());
    await client.post('/api/v1/payment', { accountType: 'starter', currency: 'eur' });
    const stream = await openEventStream(system.url, client);
    const request = {
      prompt: 'A cartographer maps a city that rearranges itself every night.',
      title: 'The Night Map',
      language: 'czech',
      targetAudience: 'Young adults',
      genre: 'fantasy',
      size: 'short',
    };
    const book = (await client.post<Book>('/api/v1/agent/plan', request)).body;

    const failed = await waitForStatus(client, book._id, 'failed');
    expect(failed.failure).toMatchObject({
      step: 'planning',
      reason: 'The AI could not produce a valid plan for this book. Retry to try again.',
    });
    const planCalls = llm.chatRequests().length;
    expect(planCalls).toBe(2); // the answer and one repair round
    const repair = llm
      .chatRequests()[1]!
      .body.messages!.map((m) => m.content)
      .join('\n');
    expect(repair).toMatch(/expandedIdea/);
    // The prompt carried the request's language and audience.
    const prompt = llm
      .chatRequests()[0]!
      .body.messages!.map((m) => m.content)
      .join('\n');
    expect(prompt).toContain('Czech');
    expect(prompt).toContain('Young adults');
    await stream.waitFor((events) =>
      events.some(
        (e) => e.event === 'book.failed' && e.data.bookId === book._id && e.data.reason === failed.failure?.reason,
      ),
    );

    // The model recovers; the author retries.
    const good = { value: composePlan('fiction', { ...request, language: 'czech', genre: 'fantasy', size: 'short' }) };
    llm.respondWith(() => ({ json: good.value }));
    const retried = await client.post<Book>(`/api/v1/book/${book._id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('planning');
    const planned = await waitForStatus(client, book._id, 'validation');
    expect(planned.failure).toBeNull();
    expect(FictionBookStateSchema.parse(planned.bookState).plotOutline.acts.length).toBeGreaterThan(0);
    // The failure gave the book back and the retry reserved it again: one book used.
    expect((await client.get('/api/v1/user/current-user')).body.booksLeftThisMonth).toBe(9);
    expect((await client.post(`/api/v1/book/${book._id}/retry`)).status).toBe(409);
    stream.close();
  });
});

// A model that never answers: the planner's redeliveries run out, and the book must end in failed (not
// wait in planning for ever), with the book it cost given back, and a retry must plan it.
describe('planning with a model that keeps failing', () => {
  let llm: ScriptedOpenAiServer;
  let system: TestSystem;
  beforeAll(async () => {
    llm = await startScriptedOpenAiServer({ respond: () => ({ status: 500, errorMessage: 'The server is down' }) });
    system = await startTestSystem({
      LLM_PROVIDER: 'openai',
      OPENAI_BASE_URL: llm.baseURL,
      OPENAI_API_KEY: 'test-key',
      LLM_MAX_RETRIES: '0',
    });
  });
  afterAll(async () => {
    await system?.stop();
    await llm?.close();
  });

  const booksLeft = async (client: HttpClient) =>
    (await client.get('/api/v1/user/current-user')).body.booksLeftThisMonth;
  async function waitForBooksLeft(client: HttpClient, left: number): Promise<void> {
    const deadline = Date.now() + 30_000;
    while ((await booksLeft(client)) !== left) {
      if (Date.now() > deadline) throw new Error(`books left stayed ${String(await booksLeft(client))}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('ends the book in failed with the allowance given back, and the retry plans it', async () => {
    const client = system.client();
    await client.post('/api/v1/auth/sign-up', newAccount());
    await client.post('/api/v1/payment', { accountType: 'starter', currency: 'eur' });
    const created = await client.post<Book>('/api/v1/agent/plan', {
      prompt: 'A ferry pilot carries one strange passenger across a lake that is never the same twice.',
      title: 'The Crossing',
      language: 'english',
      targetAudience: 'Adults',
      genre: 'mystery',
      size: 'short',
    });
    expect(created.status).toBe(201);
    expect(await booksLeft(client)).toBe(9);

    const failed = await waitForStatus(client, created.body._id, 'failed');
    expect(failed.failure).toMatchObject({
      step: 'planning',
      reason: 'The AI service did not answer while planning this book. Retry in a few minutes.',
    });
    // One call per delivery of the planning request: all were used, then the book failed.
    expect(llm.chatRequests().length).toBeGreaterThan(1);
    await waitForBooksLeft(client, 10);
    // Failed stays failed: nothing retries behind the author's back.
    expect((await client.get<Book>(`/api/v1/book/${created.body._id}`)).body.status).toBe('failed');

    llm.respondWith(() => ({ json: crossingPlan }));
    const retried = await client.post<Book>(`/api/v1/book/${created.body._id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'planning', failure: null });
    expect(await booksLeft(client)).toBe(9);
    const planned = await waitForStatus(client, created.body._id, 'validation');
    expect(FictionBookStateSchema.parse(planned.bookState).plotOutline.acts[0]?.chapters[0]?.title).toBe('The Fog');
    expect(await booksLeft(client)).toBe(9);
  });
});

const crossingPlan = {
  expandedIdea: {
    subGenre: 'Uncanny',
    emotionalTone: 'Quiet dread',
    themes: ['passage'],
    centralConflict: 'Who is the passenger?',
    worldBuilding: { setting: 'A lake', timePeriod: 'Now', culturalContext: 'Village', uniqueElements: ['fog'] },
    narrativeStyle: 'Close third person',
  },
  characters: [{ name: 'Ansel', role: 'Pilot', arc: 'Lets go', personality: 'Careful', backstory: 'Widower' }],
  plotOutline: {
    acts: [
      {
        actNumber: 1,
        description: 'The first crossing',
        chapters: [{ chapterNumber: 1, title: 'The Fog', purpose: 'Hook', summary: 'The passenger boards.' }],
      },
    ],
  },
};

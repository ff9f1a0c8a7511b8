import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translationMessages, type Book, type TranslationTitleSuggestion } from '@bookwright/contracts/http';
import { startScriptedOpenAiServer, type ScriptedOpenAiServer } from '@bookwright/ai/testing';
import { keeperOfLetters } from '../support/books';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';

/** A signed-up author with a plan and a book (its planning may still run, or have failed: the title is all). */
async function authorWithBook(system: TestSystem): Promise<{ client: HttpClient; book: Book }> {
  const client = system.client();
  await client.post('/api/v1/auth/sign-up', newAccount());
  await client.post('/api/v1/payment', { accountType: 'starter', currency: 'eur' });
  const created = await client.post<Book>('/api/v1/agent/plan', keeperOfLetters);
  expect(created.status).toBe(201);
  return { client, book: created.body };
}

const suggest = (client: HttpClient, bookId: string, body: unknown) =>
  client.post<{ data: TranslationTitleSuggestion }>(`/api/v1/book/${bookId}/translation-title`, body);

describe('POST /book/{id}/translation-title in demo mode (offline writer)', () => {
  let system: TestSystem;
  reportSystemFailures(() => system);
  beforeAll(async () => {
    system = await startTestSystem();
  });
  afterAll(async () => {
    await system?.stop();
  });

  it("answers the original's title with the language named, marked as no model's", async () => {
    const { client, book } = await authorWithBook(system);
    const answer = await suggest(client, book._id, { language: 'german' });
    expect(answer).toMatchObject({
      status: 200,
      body: { data: { title: 'The Keeper of Letters (Deutsch)', source: 'suggestion' } },
    });
    expect((await suggest(client, book._id, { language: 'turkish' })).body.data.title).toBe(
      'The Keeper of Letters (Türkçe)',
    );
  });

  it("refuses the book's own language, unknown languages, other people's books and signed-out visitors", async () => {
    const { client, book } = await authorWithBook(system);
    expect(await suggest(client, book._id, { language: 'english' })).toMatchObject({
      status: 400,
      body: { msg: translationMessages.sameLanguage },
    });
    expect((await suggest(client, book._id, { language: 'klingon' })).status).toBe(400);
    expect((await suggest(client, book._id, {})).status).toBe(400);
    expect((await suggest(client, 'nope', { language: 'french' })).status).toBe(404);
    const stranger = system.client();
    await stranger.post('/api/v1/auth/sign-up', newAccount());
    expect((await suggest(stranger, book._id, { language: 'french' })).status).toBe(404);
    expect((await suggest(system.client(), book._id, { language: 'french' })).status).toBe(401);
  });
});

// The openai provider pointed at a local OpenAI-compatible server: the planner's real SDK path.
describe('POST /book/{id}/translation-title with a model configured', () => {
  let llm: ScriptedOpenAiServer;
  let system: TestSystem;
  /** What the scripted model answers to a title request; plan requests get an empty (invalid) plan. */
  let titleAnswer: () => { json?: unknown; status?: number; errorMessage?: string } = () => ({ json: {} });
  const titleRequests = () =>
    llm.chatRequests().filter((r) => r.body.response_format?.json_schema?.name === 'translation_title');

  beforeAll(async () => {
    llm = await startScriptedOpenAiServer({
      respond: (request) =>
        request.body.response_format?.json_schema?.name === 'translation_title' ? titleAnswer() : { json: {} },
    });
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

  it("answers the model's title, asked with the original's title and the new language", async () => {
    const { client, book } = await authorWithBook(system);
    titleAnswer = () => ({ json: { title: '„Der Hüter der Briefe“' } });
    const answer = await suggest(client, book._id, { language: 'german' });
    expect(answer).toMatchObject({ status: 200, body: { data: { title: 'Der Hüter der Briefe', source: 'model' } } });
    const prompt = titleRequests()
      .at(-1)!
      .body.messages!.map((m) => m.content)
      .join('\n');
    expect(prompt).toContain('Title: The Keeper of Letters');
    expect(prompt).toContain('Translate into: German (Deutsch)');
  });

  it('answers the model-free suggestion when the model answers junk or fails', async () => {
    const { client, book } = await authorWithBook(system);
    const fallback = { title: 'The Keeper of Letters (Français)', source: 'suggestion' };
    titleAnswer = () => ({ json: { title: '<h1>Le Gardien des lettres</h1>' } });
    expect((await suggest(client, book._id, { language: 'french' })).body).toEqual({ data: fallback });
    titleAnswer = () => ({ json: { title: 'Le Gardien des lettres\nA faithful rendering of the original.' } });
    expect((await suggest(client, book._id, { language: 'french' })).body).toEqual({ data: fallback });
    const asked = titleRequests().length;
    titleAnswer = () => ({ status: 500, errorMessage: 'The server is down' });
    expect(await suggest(client, book._id, { language: 'french' })).toMatchObject({
      status: 200,
      body: { data: fallback },
    });
    expect(titleRequests().length).toBeGreaterThan(asked);
  });
});

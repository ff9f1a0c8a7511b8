import { describe, expect, it } from 'vitest';
import { createOfflineProvider, createOpenAiProvider, type LlmProvider } from '@bookwright/ai';
import { startScriptedOpenAiServer, type ScriptedOpenAiServer } from '@bookwright/ai/testing';
import { translationMessages } from '@bookwright/contracts/http';
import { silentLogger, type Bus } from '@bookwright/kit';
import { suggestTranslationTitle } from './suggest-translation-title';

const book = { title: 'Die Briefe der Leuchtturmwärterin', genre: 'mystery', language: 'german' };

/** The book service's and the billing service's answers, as the handler asks for them. */
function busWith(accountType = 'starter'): Bus {
  return {
    request: async (def: { name: string }) => (def.name === 'billing.summary.get' ? { accountType } : book),
  } as unknown as Bus;
}

async function withServer(
  reply: Parameters<typeof startScriptedOpenAiServer>[0],
  run: (llm: LlmProvider) => Promise<void>,
): Promise<ScriptedOpenAiServer> {
  const server = await startScriptedOpenAiServer(reply);
  try {
    await run(createOpenAiProvider({ baseURL: server.baseURL, model: 'm', logger: silentLogger(), maxRetries: 0 }));
    return server;
  } finally {
    await server.close();
  }
}

const suggest = (llm: LlmProvider, bus = busWith()) =>
  suggestTranslationTitle({ bus, llm, logger: silentLogger() })({
    userId: 'u',
    bookId: 'b',
    language: 'english',
  });

const fallback = { title: 'Die Briefe der Leuchtturmwärterin (English)', source: 'suggestion' };

describe('suggesting a translation title', () => {
  it("answers the model's title, asked with the original's title and both languages", async () => {
    let prompt = '';
    await withServer(
      {
        respond: (request) => {
          prompt = (request.body.messages ?? []).map((m) => m.content).join('\n');
          return { json: { title: '“The Lighthouse Keeper’s Letters”' } };
        },
      },
      async (llm) => {
        expect(await suggest(llm)).toEqual({ title: 'The Lighthouse Keeper’s Letters', source: 'model' });
      },
    );
    expect(prompt).toContain('Title: Die Briefe der Leuchtturmwärterin');
    expect(prompt).toContain('Original language: German');
    expect(prompt).toContain('Translate into: English (English)');
  });

  it.each([
    ['markup', '<b>The Letters</b>'],
    ['several lines', 'The Letters\nThis title keeps the tone of the original.'],
    ['an empty title', '  ""  '],
    ['a title over 200 characters', 'L'.repeat(201)],
    ["the original's title again", 'die briefe der leuchtturmwärterin'],
    ['a stray quote', '"The Letters'],
  ])('falls back to the suggestion when the model answers %s', async (_, title) => {
    await withServer({ respond: () => ({ json: { title } }) }, async (llm) => {
      expect(await suggest(llm)).toEqual(fallback);
    });
  });

  it('falls back to the suggestion when the model fails or answers no JSON', async () => {
    await withServer({ respond: () => ({ status: 500, errorMessage: 'down' }) }, async (llm) => {
      expect(await suggest(llm)).toEqual(fallback);
    });
    await withServer({ respond: () => ({ content: 'The Letters' }) }, async (llm) => {
      expect(await suggest(llm)).toEqual(fallback);
    });
  });

  it('asks no model without a plan or in demo mode, and answers the suggestion', async () => {
    const server = await withServer({ respond: () => ({ json: { title: 'The Letters' } }) }, async (llm) => {
      expect(await suggest(llm, busWith('null'))).toEqual(fallback);
    });
    expect(server.chatRequests()).toEqual([]);
    expect(await suggest(createOfflineProvider())).toEqual(fallback);
  });

  it("refuses the book's own language with the translate dialog's text", async () => {
    await expect(
      suggestTranslationTitle({ bus: busWith(), llm: createOfflineProvider(), logger: silentLogger() })({
        userId: 'u',
        bookId: 'b',
        language: 'german',
      }),
    ).rejects.toMatchObject({ status: 400, message: translationMessages.sameLanguage });
  });
});

import { describe, expect, it } from 'vitest';
import { createOpenAiProvider, type LlmProvider } from '@bookwright/ai';
import { startScriptedOpenAiServer } from '@bookwright/ai/testing';
import type { AppError } from '@bookwright/contracts/http';
import { errorScreens, metadataSuggestionMessages, subjects } from '@bookwright/contracts/http';
import { silentLogger, type Bus } from '@bookwright/kit';
import { suggestMetadata } from './suggest-metadata';

const plan = {
  expandedIdea: {
    subGenre: 'cosy',
    emotionalTone: 'wistful',
    themes: ['memory', 'the sea'],
    centralConflict: 'Mara must decide whether to publish the letters.',
  },
  characters: [{ name: 'Mara', role: 'keeper', arc: '', personality: '', backstory: '' }],
  plotOutline: {
    acts: [
      {
        actNumber: 1,
        description: '',
        chapters: [{ chapterNumber: 1, title: 'Night Watch', purpose: '', summary: 'The first letter.' }],
      },
    ],
  },
};
const manuscript = JSON.stringify({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The lamp at Hel burned all night.' }] }],
});

function busWith(book: Record<string, unknown>): Bus {
  return {
    request: async () => ({
      title: 'The Keeper',
      genre: 'mystery',
      language: 'english',
      targetAudience: 'Adults',
      ...book,
    }),
  } as unknown as Bus;
}

async function withServer(
  reply: Parameters<typeof startScriptedOpenAiServer>[0],
  run: (llm: LlmProvider) => Promise<void>,
) {
  const server = await startScriptedOpenAiServer(reply);
  try {
    await run(createOpenAiProvider({ baseURL: server.baseURL, model: 'm', logger: silentLogger(), maxRetries: 0 }));
    return server;
  } finally {
    await server.close();
  }
}

const deps = (bus: Bus, llm: LlmProvider) => ({ bus, llm, logger: silentLogger() });

describe('suggesting metadata with a model', () => {
  it('grounds the prompt in the plan and the manuscript, and keeps only known subjects and short keywords', async () => {
    let prompt = '';
    await withServer(
      {
        respond: (request) => {
          prompt = (request.body.messages ?? []).map((m) => m.content).join('\n');
          return {
            json: {
              description: '<p onclick="x">A keeper <script>bad()</script>reads letters.</p>',
              keywords: ['lighthouse', 'k'.repeat(60), 'letters'],
              categories: ['Fiction / Mystery & Detective', 'Made Up / Subject', 'Fiction / Literary'],
              subtitle: 'A Baltic Mystery',
            },
          };
        },
      },
      async (llm) => {
        const result = await suggestMetadata(deps(busWith({ bookState: plan, bookContent: manuscript }), llm))({
          userId: 'u',
          bookId: 'b',
        });
        expect(result).toEqual({
          description: '<p>A keeper reads letters.</p>',
          keywords: ['lighthouse', 'letters'],
          categories: ['Fiction / Mystery & Detective', 'Fiction / Literary'],
          subtitle: 'A Baltic Mystery',
        });
      },
    );
    for (const grounding of [
      'Mara must decide',
      'memory',
      'Mara',
      'Night Watch: The first letter.',
      'The lamp at Hel burned',
    ])
      expect(prompt).toContain(grounding);
    expect(prompt).toContain(subjects[0]);
  });

  it('grounds the prompt in the printed text: an open suggestion is not the book yet, nor a comment', async () => {
    let prompt = '';
    const reviewed = JSON.stringify({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'The lamp at Hel ' },
            { type: 'text', text: 'Zanzibar ', marks: [{ type: 'insertion', attrs: { id: 1 } }] },
            { type: 'text', text: 'burned all night.', marks: [{ type: 'comment', attrs: { commentId: 'c1' } }] },
          ],
        },
      ],
    });
    await withServer(
      {
        respond: (request) => {
          prompt = (request.body.messages ?? []).map((m) => m.content).join('\n');
          return {
            json: {
              description: '<p>A keeper reads letters.</p>',
              keywords: ['lighthouse', 'letters'],
              categories: ['Fiction / Mystery & Detective', 'Fiction / Literary'],
              subtitle: 'A Baltic Mystery',
            },
          };
        },
      },
      async (llm) => {
        await suggestMetadata(deps(busWith({ bookState: plan, bookContent: reviewed }), llm))({
          userId: 'u',
          bookId: 'b',
        });
      },
    );
    expect(prompt).toContain('The lamp at Hel burned all night.');
    expect(prompt).not.toContain('Zanzibar');
  });

  it('answers 502 with the spec-style text when too few categories survive, or the model fails', async () => {
    const status = (p: Promise<unknown>) =>
      p.then(
        () => 200,
        (e: AppError) => [e.status, e.message],
      );
    await withServer(
      { respond: () => ({ json: { description: 'x', keywords: [], categories: ['Nope / Nope'], subtitle: 's' } }) },
      async (llm) => {
        expect(
          await status(
            suggestMetadata(deps(busWith({ bookState: plan, bookContent: manuscript }), llm))({
              userId: 'u',
              bookId: 'b',
            }),
          ),
        ).toEqual([502, metadataSuggestionMessages.failed]);
      },
    );
    await withServer({ respond: () => ({ status: 500, errorMessage: 'down' }) }, async (llm) => {
      expect(
        await status(
          suggestMetadata(deps(busWith({ bookState: plan, bookContent: manuscript }), llm))({
            userId: 'u',
            bookId: 'b',
          }),
        ),
      ).toEqual([502, metadataSuggestionMessages.failed]);
    });
  });

  it('answers 409 for a book without a plan yet', async () => {
    await withServer({}, async (llm) => {
      await expect(
        suggestMetadata(deps(busWith({ bookState: null, bookContent: null }), llm))({ userId: 'u', bookId: 'b' }),
      ).rejects.toMatchObject({
        status: 409,
      });
    });
  });

  it('answers the spec 402 to an account without a plan, and asks no model', async () => {
    let asked = 0;
    await withServer(
      {
        respond: () => {
          asked += 1;
          return { status: 500, errorMessage: 'must not be asked' };
        },
      },
      async (llm) => {
        const planless = {
          request: async (def: { name: string }) =>
            def.name === 'billing.summary.get'
              ? { accountType: 'null' }
              : { title: 'The Keeper', genre: 'mystery', bookState: plan, bookContent: manuscript },
        } as unknown as Bus;
        await expect(suggestMetadata(deps(planless, llm))({ userId: 'u', bookId: 'b' })).rejects.toMatchObject({
          status: 402,
          message: errorScreens[402].description,
        });
      },
    );
    expect(asked).toBe(0);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAiProvider, LlmError } from '@bookwright/ai';
import { startScriptedOpenAiServer, type ScriptedOpenAiServer, type ScriptStep } from '@bookwright/ai/testing';
import type { RewritePassageDelta } from '@bookwright/contracts/bus';
import { silentLogger } from '@bookwright/kit';
import { streamRewrite } from './stream-rewrite';
import type { RewriteContext } from './rewrite-prompt';

let server: ScriptedOpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const context: RewriteContext = {
  title: 'The Keeper of Letters',
  genre: 'mystery',
  language: 'english',
  characters: [
    { name: 'Mara', role: 'lighthouse keeper' },
    { name: 'Samuel', role: 'the vanished sailor' },
  ],
  chapterOutline: 'Night Watch\nMara finds the first letter.',
  before: 'The lamp went out at midnight.',
  after: 'By dawn the letter was gone.',
};

async function provider(script: ScriptStep[]) {
  server = await startScriptedOpenAiServer({ script });
  return createOpenAiProvider({ baseURL: server.baseURL, model: 'test-model', logger: silentLogger(), maxRetries: 0 });
}

describe('streaming a rewrite from an OpenAI-compatible server', () => {
  it('relays each streamed chunk as a delta, in order, then done with the whole text', async () => {
    const llm = await provider([
      { content: 'Mara read the letter twice.', chunks: ['Mara ', 'read the ', 'letter twice.'] },
    ]);
    const written: RewritePassageDelta[] = [];
    const text = await streamRewrite(
      llm,
      { bookId: 'b1', text: 'Mara read the letter, and then she read it again.', instruction: 'shorter', context },
      (c) => written.push(c),
      new AbortController().signal,
    );
    expect(text).toBe('Mara read the letter twice.');
    expect(written).toEqual([
      { type: 'delta', text: 'Mara ' },
      { type: 'delta', text: 'read the ' },
      { type: 'delta', text: 'letter twice.' },
      { type: 'done', text: 'Mara read the letter twice.' },
    ]);
    const request = server!.chatRequests()[0]!.body;
    expect(request.stream).toBe(true);
    const prompt = (request.messages ?? []).map((m) => m.content).join('\n');
    // The model sees the characters, the chapter's outline, the neighbouring paragraphs and the preset's wording.
    for (const expected of [
      'Mara (lighthouse keeper)',
      'Samuel (the vanished sailor)',
      'Mara finds the first letter.',
      'The lamp went out at midnight.',
      'By dawn the letter was gone.',
      'Mara read the letter, and then she read it again.',
      'Make it shorter',
    ])
      expect(prompt).toContain(expected);
  });

  it('passes the author’s own instruction as written', async () => {
    const llm = await provider([{ content: 'Hopeful.' }]);
    await streamRewrite(
      llm,
      { bookId: 'b1', text: 'Gloomy.', instruction: 'make it sound hopeful', context },
      () => undefined,
      new AbortController().signal,
    );
    const prompt = (server!.chatRequests()[0]!.body.messages ?? []).map((m) => m.content).join('\n');
    expect(prompt).toContain('Instruction: make it sound hopeful');
  });

  it('throws on a model error without sending done, so the requester hears one error', async () => {
    const llm = await provider([{ status: 400, errorMessage: 'bad request' }]);
    const written: RewritePassageDelta[] = [];
    await expect(
      streamRewrite(
        llm,
        { bookId: 'b1', text: 'Text.', instruction: 'vivid', context },
        (c) => written.push(c),
        new AbortController().signal,
      ),
    ).rejects.toBeInstanceOf(LlmError);
    expect(written.filter((d) => d.type === 'done')).toEqual([]);
  });

  it('stops when the requester cancels mid-stream', async () => {
    const llm = await provider([
      { content: 'one two three four', chunks: ['one ', 'two ', 'three ', 'four'], chunkDelayMs: 200 },
    ]);
    const controller = new AbortController();
    const written: RewritePassageDelta[] = [];
    const result = streamRewrite(
      llm,
      { bookId: 'b1', text: 'Text.', instruction: 'longer', context },
      (c) => {
        written.push(c);
        controller.abort();
      },
      controller.signal,
    );
    await expect(result).rejects.toThrow(/cancelled/);
    expect(written.some((d) => d.type === 'done')).toBe(false);
  });
});

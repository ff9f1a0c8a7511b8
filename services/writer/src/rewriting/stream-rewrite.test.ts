import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAiProvider, LlmError } from '@bookwright/ai';
import { startScriptedOpenAiServer, type ScriptedOpenAiServer, type ScriptStep } from '@bookwright/ai/testing';
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

/** Parses what streamRewrite wrote back into events. */
const parse = (chunks: string[]) =>
  chunks.map((chunk) => ({
    event: /^event: (.*)$/m.exec(chunk)![1],
    data: JSON.parse(/^data: (.*)$/m.exec(chunk)![1]!) as { text: string },
  }));

describe('streaming a rewrite from an OpenAI-compatible server', () => {
  it('relays each streamed chunk as a delta event, in order, then done with the whole text', async () => {
    const llm = await provider([
      { content: 'Mara read the letter twice.', chunks: ['Mara ', 'read the ', 'letter twice.'] },
    ]);
    const written: string[] = [];
    const text = await streamRewrite(
      llm,
      { bookId: 'b1', text: 'Mara read the letter, and then she read it again.', instruction: 'shorter', context },
      (c) => written.push(c),
      new AbortController().signal,
    );
    expect(text).toBe('Mara read the letter twice.');
    expect(parse(written)).toEqual([
      { event: 'delta', data: { text: 'Mara ' } },
      { event: 'delta', data: { text: 'read the ' } },
      { event: 'delta', data: { text: 'letter twice.' } },
      { event: 'done', data: { text: 'Mara read the letter twice.' } },
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

  it('throws on a model error without writing done, so the caller can send one error event', async () => {
    const llm = await provider([{ status: 400, errorMessage: 'bad request' }]);
    const written: string[] = [];
    await expect(
      streamRewrite(
        llm,
        { bookId: 'b1', text: 'Text.', instruction: 'vivid', context },
        (c) => written.push(c),
        new AbortController().signal,
      ),
    ).rejects.toBeInstanceOf(LlmError);
    expect(written.filter((c) => c.startsWith('event: done'))).toEqual([]);
  });

  it('stops when the browser goes away mid-stream', async () => {
    const llm = await provider([
      { content: 'one two three four', chunks: ['one ', 'two ', 'three ', 'four'], chunkDelayMs: 200 },
    ]);
    const controller = new AbortController();
    const written: string[] = [];
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
    expect(written.some((c) => c.startsWith('event: done'))).toBe(false);
  });
});

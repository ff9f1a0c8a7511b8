import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '@bookwright/kit';
import { startScriptedOpenAiServer, type ScriptedOpenAiServer, type ScriptedServerOptions } from '../testing';
import { LlmError, type LlmCallOptions } from './llm-provider';
import { createOpenAiProvider, type OpenAiProviderOptions } from './openai-provider';

const Answer = z.object({
  title: z.string().min(1),
  chapters: z.array(z.object({ number: z.number().int().positive(), title: z.string() })).min(1),
  subtitle: z.string().optional(),
});
const valid = { title: 'The Keeper', chapters: [{ number: 1, title: 'Storm' }] };

const call: LlmCallOptions = {
  bookId: 'book-1',
  task: { kind: 'chapter-facts', chapterNumber: 1, chapterTitle: 'Storm', language: 'english', text: 'Text.' },
};
const messages = [
  { role: 'system' as const, content: 'You plan books.' },
  { role: 'user' as const, content: 'Plan "The Keeper".' },
];

let server: ScriptedOpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { logger: createLogger({ service: 'ai-test', level: 'debug', destination }), lines };
}

async function setup(serverOptions: ScriptedServerOptions, providerOptions: Partial<OpenAiProviderOptions> = {}) {
  server = await startScriptedOpenAiServer(serverOptions);
  const { logger, lines } = capturingLogger();
  const provider = createOpenAiProvider({
    baseURL: server.baseURL,
    model: 'test-model',
    logger,
    retryBaseDelayMs: 5,
    maxRetryDelayMs: 2_000,
    timeoutMs: 5_000,
    ...providerOptions,
  });
  return { server, provider, lines };
}

describe('openai provider against a scripted OpenAI-compatible server (real SDK)', () => {
  it('returns a valid structured answer from the first request, asking for strict json_schema', async () => {
    const { server, provider } = await setup({
      script: [{ json: valid, usage: { promptTokens: 12, completionTokens: 7 } }],
    });
    const result = await provider.generateStructured(Answer, 'book outline', messages, call);
    expect(result.value).toEqual(valid);
    expect(result.usage).toEqual({ promptTokens: 12, completionTokens: 7 });

    const [request] = server.chatRequests();
    const format = request?.body.response_format;
    expect(format?.type).toBe('json_schema');
    expect(format?.json_schema?.name).toBe('book_outline');
    expect(format?.json_schema?.strict).toBe(true);
    const schema = format?.json_schema?.schema as {
      additionalProperties: boolean;
      required: string[];
      properties: Record<string, { type: unknown }>;
    };
    // Strict mode: every property required, no extra keys; the optional one may be null instead.
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(['title', 'chapters', 'subtitle']);
    expect(schema.properties.subtitle?.type).toEqual(['string', 'null']);
    expect(JSON.stringify(schema)).not.toContain('minLength');
    expect(request?.body.model).toBe('test-model');
    expect(request?.body.messages).toEqual(messages);
  });

  it('turns the null a strict model gives for an absent optional field back into "absent"', async () => {
    const { provider } = await setup({ script: [{ json: { ...valid, subtitle: null } }] });
    const result = await provider.generateStructured(Answer, 'outline', messages, call);
    expect(result.value).toEqual(valid);
    expect('subtitle' in result.value).toBe(false);
  });

  it('repairs malformed JSON with one round that shows the model its error', async () => {
    const { server, provider, lines } = await setup({
      script: [
        { content: '{"title": "The Keeper", "chapters": [', usage: { promptTokens: 10, completionTokens: 5 } },
        { content: '```json\n' + JSON.stringify(valid) + '\n```', usage: { promptTokens: 30, completionTokens: 8 } },
      ],
    });
    const result = await provider.generateStructured(Answer, 'outline', messages, call);
    expect(result.value).toEqual(valid);
    expect(result.usage).toEqual({ promptTokens: 40, completionTokens: 13 });

    const repair = server.chatRequests()[1]?.body.messages ?? [];
    expect(repair.slice(0, 2)).toEqual(messages);
    expect(repair[2]).toEqual({ role: 'assistant', content: '{"title": "The Keeper", "chapters": [' });
    expect(repair[3]?.role).toBe('user');
    expect(repair[3]?.content).toContain('not valid JSON');
    expect(lines.some((l) => l.msg === 'LLM usage' && l.repaired === true && l.promptTokens === 40)).toBe(true);
  });

  it('sends zod validation errors back, and gives up with a non-retryable LlmError after the repair round', async () => {
    const invalid = { title: '', chapters: [] };
    const { server, provider } = await setup({
      script: [{ json: invalid }, { json: { title: 'x', chapters: 'none' } }],
    });
    const error = await provider.generateStructured(Answer, 'outline', messages, call).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).retryable).toBe(false);
    expect(server.chatRequests()).toHaveLength(2);
    const repairPrompt = server.chatRequests()[1]?.body.messages?.at(-1)?.content ?? '';
    expect(repairPrompt).toContain('title');
    expect(repairPrompt).toContain('chapters');
  });

  it('retries a 429 after the wait the server asks for (Retry-After), then succeeds', async () => {
    const { server, provider, lines } = await setup({
      script: [{ status: 429, retryAfter: 0.3, errorMessage: 'Rate limit reached' }, { json: valid }],
    });
    const result = await provider.generateStructured(Answer, 'outline', messages, call);
    expect(result.value).toEqual(valid);
    const [first, second] = server.chatRequests();
    // The backoff alone would be ~5 ms: the 300 ms gap is the server's Retry-After.
    expect((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeGreaterThanOrEqual(290);
    expect(lines.some((l) => l.msg === 'LLM request failed; retrying' && l.delayMs === 300)).toBe(true);
  });

  it('honours retry-after-ms too, capped by maxRetryDelayMs', async () => {
    const { server, provider } = await setup(
      { script: [{ status: 429, retryAfterMs: 60_000 }, { json: valid }] },
      { maxRetryDelayMs: 50 },
    );
    const started = Date.now();
    await provider.generateStructured(Answer, 'outline', messages, call);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server.chatRequests()).toHaveLength(2);
  });

  it('retries a 500 with backoff, then succeeds', async () => {
    const { server, provider } = await setup({ script: [{ status: 500 }, { status: 503 }, { json: valid }] });
    const result = await provider.generateStructured(Answer, 'outline', messages, call);
    expect(result.value).toEqual(valid);
    expect(server.chatRequests()).toHaveLength(3);
  });

  it('gives up after maxRetries with a retryable LlmError', async () => {
    const { server, provider } = await setup({ respond: () => ({ status: 502 }) }, { maxRetries: 2 });
    const error = await provider.generateText(messages, call).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).retryable).toBe(true);
    expect(server.chatRequests()).toHaveLength(3);
  });

  it('does not retry a permanent failure (401)', async () => {
    const { server, provider } = await setup({ respond: () => ({ status: 401, errorMessage: 'Incorrect API key' }) });
    const error = await provider.generateText(messages, call).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).retryable).toBe(false);
    expect((error as LlmError).message).toContain('Incorrect API key');
    expect(server.chatRequests()).toHaveLength(1);
  });

  it('times out a hanging request and retries it', async () => {
    const { server, provider } = await setup({ script: [{ hang: true }, { content: 'Hello.' }] }, { timeoutMs: 200 });
    const result = await provider.generateText(messages, call);
    expect(result.text).toBe('Hello.');
    expect(server.chatRequests().map((r) => r.outcome)).toEqual(['hung', 'answered']);
  });

  it('throws a retryable LlmError when the server always hangs', async () => {
    const { server, provider } = await setup({ respond: () => ({ hang: true }) }, { timeoutMs: 150, maxRetries: 2 });
    const started = Date.now();
    const error = await provider.generateStructured(Answer, 'outline', messages, call).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).retryable).toBe(true);
    expect((error as LlmError).message).toContain('timed out');
    expect(server.chatRequests()).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 150 - 20);
  });

  it('stops at once, without retrying, when the caller aborts', async () => {
    const controller = new AbortController();
    // The caller gives up once the request is with the server (a fixed 100 ms was, on a loaded machine,
    // sometimes before the request had left).
    const { server, provider } = await setup({
      respond: () => {
        setTimeout(() => controller.abort(), 0);
        return { hang: true };
      },
    });
    const error = await provider
      .generateText(messages, { ...call, signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).retryable).toBe(false);
    expect(server.chatRequests()).toHaveLength(1);
  });

  it('falls back to json_object mode with the schema in the system prompt when json_schema is rejected, and remembers', async () => {
    const { server, provider, lines } = await setup({ rejectJsonSchema: true, respond: () => ({ json: valid }) });
    const first = await provider.generateStructured(Answer, 'outline', messages, call);
    expect(first.value).toEqual(valid);
    const second = await provider.generateStructured(Answer, 'outline', messages, call);
    expect(second.value).toEqual(valid);

    const requests = server.chatRequests();
    expect(requests.map((r) => r.outcome)).toEqual(['rejected-json-schema', 'answered', 'answered']);
    expect(requests[1]?.body.response_format).toEqual({ type: 'json_object' });
    const system = requests[1]?.body.messages?.[0];
    expect(system?.role).toBe('system');
    expect(system?.content).toMatch(/^You plan books\.\n\n/);
    expect(system?.content).toContain('JSON Schema');
    expect(system?.content).toContain('"chapters"');
    expect(requests[1]?.body.messages).toHaveLength(2);
    expect(lines.filter((l) => String(l.msg).includes('rejected json_schema'))).toHaveLength(1);
  });

  it('does not fall back when json_schema is required by configuration', async () => {
    const { provider } = await setup({ rejectJsonSchema: true }, { structuredOutputs: 'json_schema' });
    const error = await provider.generateStructured(Answer, 'outline', messages, call).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).retryable).toBe(false);
  });

  it('uses json_object mode for schemas strict mode cannot express (records)', async () => {
    const Scores = z.object({ scores: z.record(z.string(), z.number()) });
    const { server, provider } = await setup({ script: [{ json: { scores: { a: 1 } } }] });
    const result = await provider.generateStructured(Scores, 'scores', messages, call);
    expect(result.value).toEqual({ scores: { a: 1 } });
    expect(server.chatRequests()[0]?.body.response_format).toEqual({ type: 'json_object' });
  });

  it('streams text through onDelta and reports the finish reason and usage', async () => {
    const { server, provider, lines } = await setup({
      script: [
        { content: 'Once upon a time, a keeper watched the sea.', usage: { promptTokens: 20, completionTokens: 11 } },
      ],
    });
    const deltas: string[] = [];
    const result = await provider.streamText(messages, { ...call, maxTokens: 500, onDelta: (d) => deltas.push(d) });
    expect(result.text).toBe('Once upon a time, a keeper watched the sea.');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(result.text);
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toEqual({ promptTokens: 20, completionTokens: 11 });
    const body = server.chatRequests()[0]?.body;
    expect(body?.stream).toBe(true);
    expect(body?.stream_options).toEqual({ include_usage: true });
    expect(body?.max_tokens).toBe(500);
    expect(lines.find((l) => l.msg === 'LLM usage')).toMatchObject({
      bookId: 'book-1',
      purpose: 'chapter-facts',
      promptTokens: 20,
      completionTokens: 11,
      model: 'test-model',
    });
  });

  it("surfaces finish_reason 'length' (streaming and not)", async () => {
    const { provider } = await setup({
      script: [
        { content: 'The text stops in the mid', finishReason: 'length' },
        { content: 'The text stops', finishReason: 'length' },
      ],
    });
    const plain = await provider.generateText(messages, call);
    expect(plain.finishReason).toBe('length');
    const streamed = await provider.streamText(messages, { ...call, onDelta: () => undefined });
    expect(streamed.finishReason).toBe('length');
  });

  it('does not retry a stream that broke after deltas were delivered', async () => {
    const { server, provider } = await setup({ script: [{ content: 'one two three four five', breakAfterChunks: 2 }] });
    const deltas: string[] = [];
    const error = await provider
      .streamText(messages, { ...call, onDelta: (d) => deltas.push(d) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).retryable).toBe(true);
    expect(deltas.join('')).toBe('one two ');
    expect(server.chatRequests()).toHaveLength(1);
  });

  it('returns and logs token usage for every call', async () => {
    const { provider, lines } = await setup({
      script: [{ content: 'Hi.', usage: { promptTokens: 3, completionTokens: 2 } }],
    });
    const result = await provider.generateText(messages, {
      bookId: 'book-9',
      task: { kind: 'chapter-facts', chapterNumber: 2, chapterTitle: 'x', language: 'english', text: 'y' },
    });
    expect(result.usage).toEqual({ promptTokens: 3, completionTokens: 2 });
    expect(lines.filter((l) => l.msg === 'LLM usage')).toEqual([
      expect.objectContaining({
        bookId: 'book-9',
        purpose: 'chapter-facts',
        promptTokens: 3,
        completionTokens: 2,
        model: 'test-model',
      }),
    ]);
  });

  it('switches to max_completion_tokens when the server asks for it', async () => {
    const { server, provider } = await setup({
      script: [
        {
          status: 400,
          errorParam: 'max_tokens',
          errorMessage:
            "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        },
        { content: 'ok' },
      ],
    });
    const result = await provider.generateText(messages, { ...call, maxTokens: 100 });
    expect(result.text).toBe('ok');
    expect(server.chatRequests()[1]?.body.max_completion_tokens).toBe(100);
    expect(server.chatRequests()[1]?.body.max_tokens).toBeUndefined();
  });
});

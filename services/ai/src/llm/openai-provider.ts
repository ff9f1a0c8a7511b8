import type * as OpenAiSdk from 'openai';
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { z } from 'zod';
import type { Logger } from '@bookwright/kit';
import { lazyOpenAiClient, loadOpenAiSdk } from '../openai-sdk';
import { readStructuredOutput } from './json-output';
import { schemaForModel, type JsonSchema } from './json-schema';
import {
  LlmError,
  type ChatMessage,
  type LlmCallOptions,
  type LlmProvider,
  type LlmUsage,
  type StructuredResult,
  type TextResult,
} from './llm-provider';
import { backoffDelay, retryAfterMs, sleep } from './retry';

export type StructuredOutputsMode = 'auto' | 'json_schema' | 'json_object';

export interface OpenAiProviderOptions {
  /** Optional: local servers (Ollama, vLLM, llama.cpp) usually need none. */
  apiKey?: string;
  /** e.g. http://localhost:11434/v1; default: OpenAI's API. */
  baseURL?: string;
  model: string;
  logger: Logger;
  /** Retries after the first attempt on 429, 5xx, timeouts and connection errors. Default 4. */
  maxRetries?: number;
  /** Per request: the whole answer, or (when streaming) the longest silence between chunks. Default 120 s. */
  timeoutMs?: number;
  /**
   * `auto` (default): strict json_schema, falling back for good to json_object when the server rejects it;
   * `json_schema`: never fall back; `json_object`: never ask for json_schema (older local servers).
   */
  structuredOutputs?: StructuredOutputsMode;
  /** First backoff step, doubled per retry, with jitter. Default 500 ms (tests use a few ms). */
  retryBaseDelayMs?: number;
  /** Longest single wait, for backoff and for a server's Retry-After. Default 30 s. */
  maxRetryDelayMs?: number;
}

interface Completion {
  text: string;
  finishReason: TextResult['finishReason'];
  usage: LlmUsage;
  refusal?: string;
}

type Body = Omit<ChatCompletionCreateParamsNonStreaming, 'stream'>;

const zeroUsage = (): LlmUsage => ({ promptTokens: 0, completionTokens: 0 });
const addUsage = (a: LlmUsage, b: LlmUsage): LlmUsage => ({
  promptTokens: a.promptTokens + b.promptTokens,
  completionTokens: a.completionTokens + b.completionTokens,
});

/**
 * The LLM port over the official `openai` SDK, for OpenAI and any server that speaks its chat-completions
 * API. The SDK's own retries are off: this provider retries itself so that it can honour Retry-After with a
 * cap, apply one timeout to the whole answer (the SDK's covers only the response headers), and report a
 * final failure as LlmError.
 */
export function createOpenAiProvider(options: OpenAiProviderOptions): LlmProvider {
  const maxRetries = options.maxRetries ?? 4;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const baseDelayMs = options.retryBaseDelayMs ?? 500;
  const maxDelayMs = options.maxRetryDelayMs ?? 30_000;
  const configuredMode = options.structuredOutputs ?? 'auto';
  const logger = options.logger;
  const client = lazyOpenAiClient({
    // The SDK refuses to start without a key; local servers ignore the header.
    apiKey: options.apiKey ?? 'no-key',
    baseURL: options.baseURL ?? 'https://api.openai.com/v1',
    maxRetries: 0,
    timeout: timeoutMs,
  });

  // What this server turned out not to support, learnt once per provider so later calls go straight to
  // what works instead of paying a rejected request each time.
  let jsonSchemaUnsupported = false;
  let maxTokensUnsupported = false;

  function tokenLimit(maxTokens: number | undefined): Partial<Body> {
    if (maxTokens === undefined) return {};
    return maxTokensUnsupported ? { max_completion_tokens: maxTokens } : { max_tokens: maxTokens };
  }

  /** One request, with the whole-answer timeout; streams when onDelta is given. */
  async function requestOnce(
    body: Body,
    call: LlmCallOptions,
    onDelta: ((text: string) => void) | undefined,
    state: { timedOut: boolean; streamed: boolean },
  ): Promise<Completion> {
    const openai = await client();
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        state.timedOut = true;
        controller.abort();
      }, timeoutMs);
    };
    const signal = call.signal ? AbortSignal.any([call.signal, controller.signal]) : controller.signal;
    arm();
    try {
      if (!onDelta) {
        const response = await openai.chat.completions.create(body, { signal, maxRetries: 0, timeout: timeoutMs });
        const choice = response.choices[0];
        return {
          text: choice?.message.content ?? '',
          finishReason: mapFinishReason(choice?.finish_reason),
          usage: {
            promptTokens: response.usage?.prompt_tokens ?? 0,
            completionTokens: response.usage?.completion_tokens ?? 0,
          },
          ...(choice?.message.refusal ? { refusal: choice.message.refusal } : {}),
        };
      }
      const streamBody: ChatCompletionCreateParamsStreaming = {
        ...body,
        stream: true,
        stream_options: { include_usage: true },
      };
      const stream = await openai.chat.completions.create(streamBody, { signal, maxRetries: 0, timeout: timeoutMs });
      let text = '';
      let finishReason: string | null | undefined;
      const usage = zeroUsage();
      for await (const chunk of stream) {
        // While chunks keep coming the model is working: the timeout measures silence, not total length,
        // so a long chapter from a slow local model is not cut off.
        arm();
        const choice = chunk.choices[0];
        const delta = choice?.delta?.content;
        if (delta) {
          text += delta;
          state.streamed = true;
          onDelta(delta);
        }
        if (choice?.finish_reason) finishReason = choice.finish_reason;
        if (chunk.usage) {
          usage.promptTokens = chunk.usage.prompt_tokens ?? 0;
          usage.completionTokens = chunk.usage.completion_tokens ?? 0;
        }
      }
      return { text, finishReason: mapFinishReason(finishReason), usage };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Sends a request built by `build` (rebuilt per attempt, so a learnt fallback applies at once), retrying
   * transient failures with backoff. Throws LlmError when out of attempts or on a permanent failure.
   */
  async function complete(
    build: () => Body,
    call: LlmCallOptions,
    onDelta?: (text: string) => void,
  ): Promise<Completion & { requests: number }> {
    let attempt = 0;
    let requests = 0;
    for (;;) {
      const body = build();
      const state = { timedOut: false, streamed: false };
      requests += 1;
      try {
        const completion = await requestOnce(body, call, onDelta, state);
        return { ...completion, requests };
      } catch (error) {
        if (call.signal?.aborted) {
          throw new LlmError('The LLM call was cancelled', false, { cause: error });
        }
        const problem = describeError(error, state.timedOut, await loadOpenAiSdk());
        if (problem.kind === 'rejected-parameter') {
          if (problem.parameter === 'response_format' && body.response_format?.type === 'json_schema') {
            if (configuredMode === 'auto') {
              jsonSchemaUnsupported = true;
              logger.warn(
                { model: options.model, status: problem.status, reason: problem.message },
                'the LLM server rejected json_schema structured outputs; using json_object mode from now on',
              );
              continue;
            }
          }
          if (problem.parameter === 'max_tokens' && body.max_tokens !== undefined && !maxTokensUnsupported) {
            maxTokensUnsupported = true;
            continue;
          }
        }
        if (problem.kind !== 'transient') {
          throw new LlmError(`LLM request failed: ${problem.message}`, false, { cause: error });
        }
        // Deltas already handed to the caller cannot be taken back: a retry would repeat them.
        if (state.streamed) {
          throw new LlmError(`LLM stream broke off: ${problem.message}`, true, { cause: error });
        }
        attempt += 1;
        if (attempt > maxRetries) {
          throw new LlmError(`LLM request failed after ${attempt} attempts: ${problem.message}`, true, {
            cause: error,
          });
        }
        const delay =
          problem.retryAfterMs !== undefined
            ? Math.min(problem.retryAfterMs, maxDelayMs)
            : backoffDelay(attempt, baseDelayMs, maxDelayMs);
        logger.warn(
          { bookId: call.bookId, purpose: call.task.kind, attempt, delayMs: delay, reason: problem.message },
          'LLM request failed; retrying',
        );
        try {
          await sleep(delay, call.signal);
        } catch (abortReason) {
          throw new LlmError('The LLM call was cancelled', false, { cause: abortReason });
        }
      }
    }
  }

  function logUsage(call: LlmCallOptions, usage: LlmUsage, extra: Record<string, unknown>): void {
    logger.info(
      {
        bookId: call.bookId,
        purpose: call.task.kind,
        promptTokens: usage.promptTokens,
        completionTokens: usage.completionTokens,
        model: options.model,
        ...extra,
      },
      'LLM usage',
    );
  }

  const toMessages = (messages: ChatMessage[]): ChatCompletionMessageParam[] =>
    messages.map((m) => ({ role: m.role, content: m.content }));

  return {
    name: 'openai',
    model: options.model,

    async generateStructured<T>(
      schema: z.ZodType<T>,
      schemaName: string,
      messages: ChatMessage[],
      call: LlmCallOptions,
    ): Promise<StructuredResult<T>> {
      const described = schemaForModel(schema);
      const useJsonSchema = () =>
        described.strict !== undefined && configuredMode !== 'json_object' && !jsonSchemaUnsupported;
      let conversation: ChatCompletionMessageParam[] = toMessages(messages);
      let usage = zeroUsage();
      let requests = 0;
      const build = (): Body => {
        const jsonSchemaMode = useJsonSchema();
        return {
          model: options.model,
          messages: jsonSchemaMode ? conversation : withSchemaInstructions(conversation, described.plain),
          ...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
          ...tokenLimit(call.maxTokens),
          response_format: jsonSchemaMode
            ? {
                type: 'json_schema',
                json_schema: { name: schemaNameFor(schemaName), strict: true, schema: described.strict ?? {} },
              }
            : { type: 'json_object' },
        };
      };

      // Round 0 is the request; round 1 is the single repair round with the validation errors.
      for (let round = 0; round < 2; round += 1) {
        let completion: Completion & { requests: number };
        try {
          completion = await complete(build, call);
        } catch (error) {
          logUsage(call, usage, { requests, failed: true });
          throw error;
        }
        usage = addUsage(usage, completion.usage);
        requests += completion.requests;
        if (completion.refusal) {
          logUsage(call, usage, { requests, failed: true });
          throw new LlmError(`The model refused: ${completion.refusal}`, false);
        }
        const output = readStructuredOutput(completion.text, schema, described.plain);
        if (output.ok) {
          logUsage(call, usage, { requests, repaired: round > 0 });
          return { value: output.value, usage };
        }
        logger.warn(
          { bookId: call.bookId, purpose: call.task.kind, round, finishReason: completion.finishReason },
          'LLM answer did not match the schema',
        );
        if (round === 1) {
          logUsage(call, usage, { requests, failed: true });
          throw new LlmError(`The LLM gave no valid ${schemaName} after a repair round: ${output.problems}`, false);
        }
        conversation = [
          ...conversation,
          { role: 'assistant', content: completion.text },
          { role: 'user', content: repairPrompt(output.problems, completion.finishReason === 'length') },
        ];
      }
      // Not reached: round 1 returns or throws. Kept for the type checker.
      throw new LlmError('No valid answer', false);
    },

    async generateText(messages, call): Promise<TextResult> {
      const build = (): Body => ({
        model: options.model,
        messages: toMessages(messages),
        ...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
        ...tokenLimit(call.maxTokens),
      });
      try {
        const completion = await complete(build, call, call.onDelta);
        logUsage(call, completion.usage, { requests: completion.requests, finishReason: completion.finishReason });
        return { text: completion.text, usage: completion.usage, finishReason: completion.finishReason };
      } catch (error) {
        logUsage(call, zeroUsage(), { failed: true });
        throw error;
      }
    },
  };
}

function mapFinishReason(reason: string | null | undefined): TextResult['finishReason'] {
  if (reason === 'stop') return 'stop';
  if (reason === 'length') return 'length';
  return 'other';
}

/** OpenAI accepts `^[a-zA-Z0-9_-]{1,64}$` as a schema name. */
function schemaNameFor(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]+/g, '_').slice(0, 64) || 'answer';
}

/**
 * json_object mode only promises *some* JSON object (and OpenAI requires the word "JSON" in the prompt), so
 * the schema goes into the system prompt. It is merged into the first system message because several local
 * chat templates reject a second system message or one that is not first.
 */
function withSchemaInstructions(
  messages: ChatCompletionMessageParam[],
  schema: JsonSchema,
): ChatCompletionMessageParam[] {
  const instructions =
    'Answer with one JSON object only (no markdown, no explanations) that matches this JSON Schema:\n' +
    JSON.stringify(schema);
  const first = messages[0];
  if (first?.role === 'system' && typeof first.content === 'string') {
    return [{ role: 'system', content: `${first.content}\n\n${instructions}` }, ...messages.slice(1)];
  }
  return [{ role: 'system', content: instructions }, ...messages];
}

function repairPrompt(problems: string, truncated: boolean): string {
  return [
    'Your previous answer could not be used. Problems:',
    problems,
    truncated ? 'The answer was cut off at the length limit: keep the texts shorter.' : '',
    'Reply with the complete, corrected JSON object only.',
  ]
    .filter(Boolean)
    .join('\n');
}

type Problem =
  | { kind: 'transient'; message: string; retryAfterMs?: number }
  | { kind: 'rejected-parameter'; parameter: 'response_format' | 'max_tokens'; status: number; message: string }
  | { kind: 'permanent'; message: string };

function describeError(error: unknown, timedOut: boolean, sdk: typeof OpenAiSdk): Problem {
  const { APIConnectionError, APIError, APIUserAbortError } = sdk;
  if (timedOut) return { kind: 'transient', message: 'timed out' };
  if (error instanceof APIUserAbortError) return { kind: 'transient', message: 'request aborted' };
  if (error instanceof APIConnectionError) return { kind: 'transient', message: error.message };
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    const message = `${status} ${error.message}`;
    if (status === 408 || status === 409 || status === 429 || status >= 500) {
      const after = retryAfterMs(error.headers);
      return { kind: 'transient', message, ...(after !== undefined ? { retryAfterMs: after } : {}) };
    }
    if (status === 400 || status === 422) {
      const text = `${error.param ?? ''} ${error.message}`.toLowerCase();
      if (text.includes('response_format') || text.includes('json_schema')) {
        return { kind: 'rejected-parameter', parameter: 'response_format', status, message };
      }
      if (text.includes('max_tokens') && text.includes('max_completion_tokens')) {
        return { kind: 'rejected-parameter', parameter: 'max_tokens', status, message };
      }
    }
    return { kind: 'permanent', message };
  }
  if (error instanceof LlmError) return { kind: 'permanent', message: error.message };
  // Anything else came from the network layer while reading the body (reset connections, a stream that
  // broke off): worth another attempt.
  return { kind: 'transient', message: error instanceof Error ? error.message : String(error) };
}

import type * as OpenAiSdk from 'openai';
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
} from 'openai/resources/chat/completions';
import type { Logger } from '@bookwright/kit';
import { loadOpenAiSdk } from '../openai-sdk';
import { LlmError, type LlmCallOptions, type LlmUsage, type TextResult } from './llm-provider';
import { backoffDelay, retryAfterMs, sleep } from './retry';

export type StructuredOutputsMode = 'auto' | 'json_schema' | 'json_object';

export interface Completion {
  text: string;
  finishReason: TextResult['finishReason'];
  usage: LlmUsage;
  refusal?: string;
}

export type Body = Omit<ChatCompletionCreateParamsNonStreaming, 'stream'>;

export const zeroUsage = (): LlmUsage => ({ promptTokens: 0, completionTokens: 0 });

/** One OpenAI-compatible server as the provider talks to it: its client, its limits, what it lacks. */
export interface OpenAiConnection {
  client: () => Promise<OpenAiSdk.OpenAI>;
  model: string;
  logger: Logger;
  maxRetries: number;
  timeoutMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
  configuredMode: StructuredOutputsMode;
  /**
   * What this server turned out not to support, learnt once per provider so later calls go straight to
   * what works instead of paying a rejected request each time.
   */
  learnt: { jsonSchemaUnsupported: boolean; maxTokensUnsupported: boolean };
}

interface AttemptState {
  timedOut: boolean;
  streamed: boolean;
}

function readCompletion(response: ChatCompletion): Completion {
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

async function readStream(
  stream: AsyncIterable<ChatCompletionChunk>,
  onChunk: () => void,
  onDelta: (text: string) => void,
  state: AttemptState,
): Promise<Completion> {
  let text = '';
  let finishReason: string | null | undefined;
  const usage = zeroUsage();
  for await (const chunk of stream) {
    // While chunks keep coming the model is working: the timeout measures silence, not total length,
    // so a long chapter from a slow local model is not cut off.
    onChunk();
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
}

/** One request, with the whole-answer timeout; streams when onDelta is given. */
async function requestOnce(
  connection: OpenAiConnection,
  body: Body,
  call: LlmCallOptions,
  onDelta: ((text: string) => void) | undefined,
  state: AttemptState,
): Promise<Completion> {
  const { timeoutMs } = connection;
  const openai = await connection.client();
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
      return readCompletion(await openai.chat.completions.create(body, { signal, maxRetries: 0, timeout: timeoutMs }));
    }
    const streamBody: ChatCompletionCreateParamsStreaming = {
      ...body,
      stream: true,
      stream_options: { include_usage: true },
    };
    const stream = await openai.chat.completions.create(streamBody, { signal, maxRetries: 0, timeout: timeoutMs });
    return await readStream(stream, arm, onDelta, state);
  } finally {
    clearTimeout(timer);
  }
}

/** True when the rejected parameter has a fallback not tried yet: it is learnt, and the request goes again. */
function learnFromRejection(connection: OpenAiConnection, problem: RejectedParameter, body: Body): boolean {
  const { learnt } = connection;
  if (problem.parameter === 'response_format' && body.response_format?.type === 'json_schema') {
    if (connection.configuredMode === 'auto') {
      learnt.jsonSchemaUnsupported = true;
      connection.logger.warn(
        { model: connection.model, status: problem.status, reason: problem.message },
        'the LLM server rejected json_schema structured outputs; using json_object mode from now on',
      );
      return true;
    }
  }
  if (problem.parameter === 'max_tokens' && body.max_tokens !== undefined && !learnt.maxTokensUnsupported) {
    learnt.maxTokensUnsupported = true;
    return true;
  }
  return false;
}

/** Waits before the next attempt (a server's Retry-After, capped, or the backoff); LlmError when cancelled. */
async function waitToRetry(
  connection: OpenAiConnection,
  call: LlmCallOptions,
  attempt: number,
  problem: Transient,
): Promise<void> {
  const delay =
    problem.retryAfterMs !== undefined
      ? Math.min(problem.retryAfterMs, connection.maxDelayMs)
      : backoffDelay(attempt, connection.baseDelayMs, connection.maxDelayMs);
  connection.logger.warn(
    { bookId: call.bookId, purpose: call.task.kind, attempt, delayMs: delay, reason: problem.message },
    'LLM request failed; retrying',
  );
  try {
    await sleep(delay, call.signal);
  } catch (abortReason) {
    throw new LlmError('The LLM call was cancelled', false, { cause: abortReason });
  }
}

/**
 * Sends a request built by `build` (rebuilt per attempt, so a learnt fallback applies at once), retrying
 * transient failures with backoff. Throws LlmError when out of attempts or on a permanent failure.
 */
export async function complete(
  connection: OpenAiConnection,
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
      const completion = await requestOnce(connection, body, call, onDelta, state);
      return { ...completion, requests };
    } catch (error) {
      if (call.signal?.aborted) {
        throw new LlmError('The LLM call was cancelled', false, { cause: error });
      }
      const problem = describeError(error, state.timedOut, await loadOpenAiSdk());
      if (problem.kind === 'rejected-parameter' && learnFromRejection(connection, problem, body)) continue;
      if (problem.kind !== 'transient') {
        throw new LlmError(`LLM request failed: ${problem.message}`, false, { cause: error });
      }
      // Deltas already handed to the caller cannot be taken back: a retry would repeat them.
      if (state.streamed) {
        throw new LlmError(`LLM stream broke off: ${problem.message}`, true, { cause: error });
      }
      attempt += 1;
      if (attempt > connection.maxRetries) {
        throw new LlmError(`LLM request failed after ${attempt} attempts: ${problem.message}`, true, {
          cause: error,
        });
      }
      await waitToRetry(connection, call, attempt, problem);
    }
  }
}

function mapFinishReason(reason: string | null | undefined): TextResult['finishReason'] {
  if (reason === 'stop') return 'stop';
  if (reason === 'length') return 'length';
  return 'other';
}

type Transient = { kind: 'transient'; message: string; retryAfterMs?: number };
type RejectedParameter = {
  kind: 'rejected-parameter';
  parameter: 'response_format' | 'max_tokens';
  status: number;
  message: string;
};
type Problem = Transient | RejectedParameter | { kind: 'permanent'; message: string };

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

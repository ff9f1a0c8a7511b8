import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { z } from 'zod';
import type { Logger } from '@bookwright/kit';
import { lazyOpenAiClient } from '../openai-sdk';
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
import {
  complete,
  zeroUsage,
  type Body,
  type Completion,
  type OpenAiConnection,
  type StructuredOutputsMode,
} from './openai-completion';

export type { StructuredOutputsMode } from './openai-completion';

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
  const connection = connect(options);
  return {
    name: 'openai',
    model: options.model,
    generateStructured: (schema, schemaName, messages, call) =>
      generateStructured(connection, schema, schemaName, messages, call),
    generateText: (messages, call) => generateText(connection, messages, call, undefined),
    streamText: (messages, call) => generateText(connection, messages, call, call.onDelta),
  };
}

function connect(options: OpenAiProviderOptions): OpenAiConnection {
  const timeoutMs = options.timeoutMs ?? 120_000;
  return {
    client: lazyOpenAiClient({
      // The SDK refuses to start without a key; local servers ignore the header.
      apiKey: options.apiKey ?? 'no-key',
      baseURL: options.baseURL ?? 'https://api.openai.com/v1',
      maxRetries: 0,
      timeout: timeoutMs,
    }),
    model: options.model,
    logger: options.logger,
    maxRetries: options.maxRetries ?? 4,
    timeoutMs,
    baseDelayMs: options.retryBaseDelayMs ?? 500,
    maxDelayMs: options.maxRetryDelayMs ?? 30_000,
    configuredMode: options.structuredOutputs ?? 'auto',
    learnt: { jsonSchemaUnsupported: false, maxTokensUnsupported: false },
  };
}

function tokenLimit(connection: OpenAiConnection, maxTokens: number | undefined): Partial<Body> {
  if (maxTokens === undefined) return {};
  return connection.learnt.maxTokensUnsupported ? { max_completion_tokens: maxTokens } : { max_tokens: maxTokens };
}

function logUsage(
  connection: OpenAiConnection,
  call: LlmCallOptions,
  usage: LlmUsage,
  extra: Record<string, unknown>,
): void {
  connection.logger.info(
    {
      bookId: call.bookId,
      purpose: call.task.kind,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      model: connection.model,
      ...extra,
    },
    'LLM usage',
  );
}

const toMessages = (messages: ChatMessage[]): ChatCompletionMessageParam[] =>
  messages.map((m) => ({ role: m.role, content: m.content }));

/** The request for a structured answer, in json_schema mode unless the server or the configuration rules it out. */
function structuredBody(
  connection: OpenAiConnection,
  described: ReturnType<typeof schemaForModel>,
  schemaName: string,
  conversation: ChatCompletionMessageParam[],
  call: LlmCallOptions,
): Body {
  const jsonSchemaMode =
    described.strict !== undefined &&
    connection.configuredMode !== 'json_object' &&
    !connection.learnt.jsonSchemaUnsupported;
  return {
    model: connection.model,
    messages: jsonSchemaMode ? conversation : withSchemaInstructions(conversation, described.plain),
    ...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
    ...tokenLimit(connection, call.maxTokens),
    response_format: jsonSchemaMode
      ? {
          type: 'json_schema',
          json_schema: { name: schemaNameFor(schemaName), strict: true, schema: described.strict ?? {} },
        }
      : { type: 'json_object' },
  };
}

async function generateStructured<T>(
  connection: OpenAiConnection,
  schema: z.ZodType<T>,
  schemaName: string,
  messages: ChatMessage[],
  call: LlmCallOptions,
): Promise<StructuredResult<T>> {
  const described = schemaForModel(schema);
  let conversation: ChatCompletionMessageParam[] = toMessages(messages);
  let usage = zeroUsage();
  let requests = 0;
  const build = () => structuredBody(connection, described, schemaName, conversation, call);

  // Round 0 is the request; round 1 is the single repair round with the validation errors.
  for (let round = 0; round < 2; round += 1) {
    let completion: Completion & { requests: number };
    try {
      completion = await complete(connection, build, call);
    } catch (error) {
      logUsage(connection, call, usage, { requests, failed: true });
      throw error;
    }
    usage = addUsage(usage, completion.usage);
    requests += completion.requests;
    if (completion.refusal) {
      logUsage(connection, call, usage, { requests, failed: true });
      throw new LlmError(`The model refused: ${completion.refusal}`, false);
    }
    const output = readStructuredOutput(completion.text, schema, described.plain);
    if (output.ok) {
      logUsage(connection, call, usage, { requests, repaired: round > 0 });
      return { value: output.value, usage };
    }
    connection.logger.warn(
      { bookId: call.bookId, purpose: call.task.kind, round, finishReason: completion.finishReason },
      'LLM answer did not match the schema',
    );
    if (round === 1) {
      logUsage(connection, call, usage, { requests, failed: true });
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
}

/** The text at once, or streamed to `onDelta` when there is one. */
async function generateText(
  connection: OpenAiConnection,
  messages: ChatMessage[],
  call: LlmCallOptions,
  onDelta: ((text: string) => void) | undefined,
): Promise<TextResult> {
  const build = (): Body => ({
    model: connection.model,
    messages: toMessages(messages),
    ...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
    ...tokenLimit(connection, call.maxTokens),
  });
  try {
    const completion = await complete(connection, build, call, onDelta);
    logUsage(connection, call, completion.usage, {
      requests: completion.requests,
      finishReason: completion.finishReason,
    });
    return { text: completion.text, usage: completion.usage, finishReason: completion.finishReason };
  } catch (error) {
    logUsage(connection, call, zeroUsage(), { failed: true });
    throw error;
  }
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

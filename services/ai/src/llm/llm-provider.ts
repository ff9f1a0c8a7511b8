import type { z } from 'zod';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
}

/**
 * What a call is for, in the asking service's own terms: `kind` names it in logs and metrics, the rest is
 * the service's (its tests' fakes read it). The port knows no product task: each task, its prompt, its
 * answer's schema and its offline answer belong to the service that asks (decision 0031).
 */
export interface LlmTask {
  readonly kind: string;
  readonly [detail: string]: unknown;
}

export interface LlmCallOptions {
  task: LlmTask;
  /**
   * The answer without a model, composed by the service that asks (it owns the task). The offline adapter
   * answers it, validated against the caller's schema like any provider's answer; real models ignore it.
   */
  offline?: () => unknown;
  /** Appears in logs and usage records. */
  bookId?: string;
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
}

export interface StructuredResult<T> {
  value: T;
  usage: LlmUsage;
}

export interface TextResult {
  text: string;
  usage: LlmUsage;
  /** `length` = the model stopped at maxTokens: the caller should continue the text. */
  finishReason: 'stop' | 'length' | 'other';
}

/** streamText's options: every piece of the text goes to `onDelta` as the model writes it. */
export type StreamTextOptions = LlmCallOptions & { onDelta: (text: string) => void };

/**
 * The LLM port. Every answer is untrusted: generateStructured validates against the zod schema (one
 * repair round on invalid output), and throws LlmError when the provider cannot give a valid answer.
 * generateText gives the whole text at once; streamText gives it piece by piece as well, and resolves with
 * the whole of it.
 */
export interface LlmProvider {
  readonly name: 'openai' | 'offline';
  readonly model: string;
  generateStructured<T>(
    schema: z.ZodType<T>,
    schemaName: string,
    messages: ChatMessage[],
    options: LlmCallOptions,
  ): Promise<StructuredResult<T>>;
  generateText(messages: ChatMessage[], options: LlmCallOptions): Promise<TextResult>;
  streamText(messages: ChatMessage[], options: StreamTextOptions): Promise<TextResult>;
}

/** A provider failure after retries. `retryable` = worth trying the whole step again later. */
export class LlmError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'LlmError';
  }
}

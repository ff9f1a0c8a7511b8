import { z } from 'zod';
import type { Logger } from '@bookwright/kit';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  LlmError,
  type ChatMessage,
  type LlmCallOptions,
  type LlmProvider,
  type LlmUsage,
  type StructuredResult,
  type TextResult,
} from './llm-provider';

export interface OfflineProviderOptions {
  logger?: Logger;
  /** Delay per call, to make benches and progress displays behave like a slow model. */
  latencyMs?: number;
}

/** The asking service's own answer: it owns the task, so only it knows what a model would have said. */
function answerFor(call: LlmCallOptions): unknown {
  if (!call.offline) {
    throw new LlmError(`No offline answer for a ${call.task.kind} task: the service that asks composes it`, false);
  }
  return call.offline();
}

const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/**
 * The LLM port without a model: answers each call with the offline answer its asking service composed
 * (never from the prompts), so the whole flow runs with no network and the same book always comes out the
 * same. Answers are validated against the caller's schema like any provider's, so an offline plan that
 * drifts from the contracts fails loudly here rather than in the editor.
 */
export function createOfflineProvider(options: OfflineProviderOptions = {}): LlmProvider {
  const latencyMs = options.latencyMs ?? 0;
  const logger = options.logger;

  async function delay(signal: AbortSignal | undefined): Promise<void> {
    try {
      if (latencyMs > 0) await sleep(latencyMs, undefined, { signal });
      else if (signal?.aborted) throw signal.reason;
    } catch (reason) {
      throw new LlmError('The LLM call was cancelled', false, { cause: reason });
    }
  }

  function record(call: LlmCallOptions, messages: ChatMessage[], output: string): LlmUsage {
    const usage = {
      promptTokens: estimateTokens(messages.map((m) => m.content).join('\n')),
      completionTokens: estimateTokens(output),
    };
    logger?.debug(
      { bookId: call.bookId, purpose: call.task.kind, ...usage, model: 'offline' },
      'LLM usage (offline writer, estimated)',
    );
    return usage;
  }

  async function writeText(
    messages: ChatMessage[],
    call: LlmCallOptions,
    onDelta: ((text: string) => void) | undefined,
  ): Promise<TextResult> {
    await delay(call.signal);
    const answer = answerFor(call);
    const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
    if (onDelta) {
      // Paragraph by paragraph, like a model streaming, so progress displays have something to show.
      const pieces = text.split(/(?<=\n\n)/);
      for (const piece of pieces) onDelta(piece);
    }
    return { text, usage: record(call, messages, text), finishReason: 'stop' };
  }

  return {
    name: 'offline',
    model: 'offline',

    async generateStructured<T>(
      schema: z.ZodType<T>,
      schemaName: string,
      messages: ChatMessage[],
      call: LlmCallOptions,
    ): Promise<StructuredResult<T>> {
      await delay(call.signal);
      const answer = answerFor(call);
      const result = schema.safeParse(answer);
      if (!result.success) {
        throw new LlmError(
          `The offline writer's ${call.task.kind} answer does not match ${schemaName}: ${z.prettifyError(result.error)}`,
          false,
        );
      }
      return { value: result.data, usage: record(call, messages, JSON.stringify(answer)) };
    },

    async generateText(messages, call): Promise<TextResult> {
      return writeText(messages, call, undefined);
    },

    async streamText(messages, call): Promise<TextResult> {
      return writeText(messages, call, call.onDelta);
    },
  };
}

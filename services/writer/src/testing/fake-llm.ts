import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import type {
  ChatMessage,
  LlmCallOptions,
  LlmProvider,
  StreamTextOptions,
  StructuredResult,
  TextResult,
} from '@bookwright/ai';
import type { ChapterPartTask, WriterTask } from '../domain/llm-tasks';

export interface RecordedCall {
  task: WriterTask;
  messages: ChatMessage[];
  /** How the call ended. */
  outcome?: 'answered' | 'failed' | 'aborted';
}

export interface FakeLlmOptions {
  /** Share of the asked-for words the fake writes (default 1): below 0.9 makes chapters come out short. */
  lengthFactor?: (task: ChapterPartTask) => number;
  /** Runs before every answer: may wait (honour the signal!) or throw, e.g. an LlmError. */
  before?: (task: WriterTask, signal: AbortSignal | undefined) => Promise<void> | void;
  /** Delay of every call, abortable. */
  latencyMs?: number;
}

/** The port carries any service's task; every call this fake answers is the writer's. */
const taskOf = (options: LlmCallOptions) => options.task as unknown as WriterTask;

const vocabulary = (
  'harbour lantern morning quietly window careful silver river ancient letter promise village ' +
  'shadow garden distant thunder bridge market whisper captain journey sudden bright stone ' +
  'winter coastal narrow wooden orchard patient restless familiar hidden signal meadow ' +
  'evening chapter courage station northern tender crowded ferry pocket compass weather'
).split(' ');

/**
 * A scripted LlmProvider for service tests: writes deterministic prose of the length asked for (or a
 * share of it), answers chapter-facts from the text, records every call and how many run at once, and
 * lets a test block, fail or slow down any call. Every wait honours the call's AbortSignal, as a real
 * provider does.
 */
export class FakeLlm implements LlmProvider {
  readonly name = 'openai' as const;
  readonly model = 'fake-model';
  readonly calls: RecordedCall[] = [];
  inFlight = 0;
  maxInFlight = 0;
  /** Chapter parts (the text, not the notes) asked for at once: what WRITER_CONCURRENCY bounds. */
  partsInFlight = 0;
  maxPartsInFlight = 0;

  constructor(private readonly options: FakeLlmOptions = {}) {}

  /** 'chapter-part' calls per chapter number. */
  partCalls(): Map<number, number> {
    const counts = new Map<number, number>();
    for (const call of this.calls) {
      if (call.task.kind === 'chapter-part') {
        counts.set(call.task.chapter.number, (counts.get(call.task.chapter.number) ?? 0) + 1);
      }
    }
    return counts;
  }

  /** Parts asked for chapter `n` whose answer arrived. */
  answeredParts(n: number): number {
    return this.calls.filter(
      (c) => c.task.kind === 'chapter-part' && c.task.chapter.number === n && c.outcome === 'answered',
    ).length;
  }

  async generateText(messages: ChatMessage[], options: LlmCallOptions): Promise<TextResult> {
    return this.#call(messages, options, () => {
      const task = taskOf(options);
      if (task.kind !== 'chapter-part') throw new Error(`fake LLM: no text for ${task.kind}`);
      const words = Math.max(1, Math.round(task.targetWords * (this.options.lengthFactor?.(task) ?? 1)));
      const text = prose(task.chapter.number * 100 + task.partNumber, words);
      return {
        text,
        usage: { promptTokens: tokens(messages), completionTokens: Math.ceil(text.length / 4) },
        finishReason: 'stop' as const,
      };
    });
  }

  /** The writer never streams: a fake stream is the whole text in one piece. */
  async streamText(messages: ChatMessage[], options: StreamTextOptions): Promise<TextResult> {
    const result = await this.generateText(messages, options);
    options.onDelta(result.text);
    return result;
  }

  async generateStructured<T>(
    schema: z.ZodType<T>,
    _schemaName: string,
    messages: ChatMessage[],
    options: LlmCallOptions,
  ): Promise<StructuredResult<T>> {
    return this.#call(messages, options, () => {
      const task = taskOf(options);
      if (task.kind !== 'chapter-facts') throw new Error(`fake LLM: no structure for ${task.kind}`);
      const { chapterNumber, chapterTitle, text } = task;
      const value = schema.parse({
        summary: `Summary of chapter ${chapterNumber} (${chapterTitle}): ${text.slice(0, 80)}`,
        facts: [`Fact from chapter ${chapterNumber}: the ${vocabulary[chapterNumber % vocabulary.length]} matters.`],
      });
      return { value, usage: { promptTokens: tokens(messages), completionTokens: 50 } };
    });
  }

  async #call<R>(messages: ChatMessage[], options: LlmCallOptions, answer: () => R): Promise<R> {
    const task = taskOf(options);
    const call: RecordedCall = { task, messages };
    this.calls.push(call);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const part = task.kind === 'chapter-part';
    if (part) this.maxPartsInFlight = Math.max(this.maxPartsInFlight, ++this.partsInFlight);
    try {
      options.signal?.throwIfAborted();
      if (this.options.latencyMs) await sleep(this.options.latencyMs, undefined, { signal: options.signal });
      await this.options.before?.(task, options.signal);
      const result = answer();
      call.outcome = 'answered';
      return result;
    } catch (error) {
      call.outcome = options.signal?.aborted ? 'aborted' : 'failed';
      throw error;
    } finally {
      this.inFlight -= 1;
      if (part) this.partsInFlight -= 1;
    }
  }
}

/** A promise that never settles unless the signal aborts it: a call that hangs until the writer stops. */
export function hangUntilAborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (!signal) return;
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** Deterministic sentences of real-looking words, in paragraphs, with the odd *emphasis*. */
function prose(seed: number, words: number): string {
  let state = seed * 7919 + 17;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const paragraphs: string[] = [];
  let sentence: string[] = [];
  let paragraph: string[] = [];
  for (let i = 0; i < words; i += 1) {
    const word = vocabulary[Math.floor(next() * vocabulary.length)] ?? 'word';
    sentence.push(i % 37 === 5 ? `*${word}*` : word);
    if (sentence.length >= 8 + Math.floor(next() * 8) || i === words - 1) {
      const text = sentence.join(' ');
      paragraph.push(`${text.charAt(0).toUpperCase()}${text.slice(1)}.`);
      sentence = [];
      if (paragraph.length >= 5 || i === words - 1) {
        paragraphs.push(paragraph.join(' '));
        paragraph = [];
      }
    }
  }
  return paragraphs.join('\n\n');
}

function tokens(messages: ChatMessage[]): number {
  return Math.ceil(messages.reduce((sum, m) => sum + m.content.length, 0) / 4);
}

import type { z } from 'zod';
import type { BookLanguage, BookType, Genre, PlanRequest } from '@bookwright/contracts';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
}

/**
 * What a call is for, in structured form. Real providers answer from the messages (the prompts);
 * the offline provider composes its answer from the task alone, so both are driven by the same call
 * sites and the whole flow runs with no network.
 */
export type LlmTask =
  | { kind: 'plan'; bookType: BookType; request: PlanRequest }
  | {
      kind: 'chapter-part';
      book: {
        title: string;
        genre: Genre;
        language: BookLanguage;
        targetAudience: string;
        bookType: BookType;
        /** Names from the plan's cast (fiction), so composed text can use the author's edited names. */
        characterNames?: string[];
      };
      chapter: { number: number; total: number; title: string; part: string; brief: string; keyPoints: string[] };
      /** 1-based part of the chapter being written, of partsTotal. */
      partNumber: number;
      partsTotal: number;
      targetWords: number;
      /** The end of what is already written of this chapter, for continuity. */
      previousTail: string;
    }
  | { kind: 'chapter-facts'; chapterNumber: number; chapterTitle: string; language: BookLanguage; text: string }
  /**
   * Segments of one chapter translated (the answer is TranslatedSegments). `title` segments are chapter
   * titles; `text` segments may hold inline tags (⟦1⟧…⟦/1⟧, ⟦br⟧) that the answer must keep.
   */
  | {
      kind: 'translate';
      sourceLanguage: BookLanguage;
      language: BookLanguage;
      chapterNumber: number;
      /** 0 for the first call of the chapter, then 1, 2, … */
      batch: number;
      segments: { role: 'title' | 'text'; text: string }[];
      glossary: { term: string; kind: 'character' | 'place' | 'term' }[];
    }
  /** A passage rewritten in the editor (the answer is the replacement text). */
  | { kind: 'rewrite'; text: string; instruction: string; language?: BookLanguage }
  /** A translation's title in its language (the answer is `{ title }`). */
  | { kind: 'translation-title'; title: string; sourceLanguage: BookLanguage; language: BookLanguage }
  /** Store metadata from the plan and the manuscript (the answer is a MetadataSuggestion). */
  | {
      kind: 'metadata';
      book: { title: string; genre: Genre; bookType: BookType };
      language: BookLanguage;
      themes: string[];
      premise: string;
      names: string[];
      manuscriptExcerpt: string;
    };

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

/**
 * The LLM port. Every answer is untrusted: generateStructured validates against the zod schema (one
 * repair round on invalid output), and throws LlmError when the provider cannot give a valid answer.
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
  generateText(
    messages: ChatMessage[],
    options: LlmCallOptions & { onDelta?: (text: string) => void },
  ): Promise<TextResult>;
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

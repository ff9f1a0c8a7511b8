import { LlmError, type LlmProvider } from '@bookwright/ai';
import { TranslatedSegmentsSchema } from '../domain/translation/translated-segments';
import type { TranslateTask } from '../domain/llm-tasks';
import { composeTranslation } from '../offline/compose-translation';
import { documentText, type ManuscriptChapter, type TiptapNode } from '@bookwright/contracts/http';
import type { Logger } from '@bookwright/kit';
import { chapterHeading } from '../domain/manuscript';
import { countWords } from '@bookwright/contracts/text';
import { translationMessages } from '../domain/translation/prompts';
import { titleOfHeading } from '../domain/translation/sections';
import {
  inlineFromTranslation,
  replaceTextBlocks,
  segmentOf,
  textBlocksOf,
  type Segment,
} from '../domain/translation/segments';
import type { UsageMeter } from '../writing/write-chapter';
import type { LoadedTranslationJob } from './translation-job';

/** Characters of original text per call: about 1,500 words, well within any model's output limit. */
const batchChars = 9_000;
const temperature = 0.3;

export interface TranslatedChapter {
  number: number;
  title: string;
  /** The chapter as editor nodes: its heading (if it had one), then its blocks. */
  nodes: TiptapNode[];
  words: number;
  characters: number;
  parts: number;
}

export interface TranslateChapterInput {
  llm: LlmProvider;
  job: LoadedTranslationJob;
  chapter: ManuscriptChapter;
  usage: UsageMeter;
  signal: AbortSignal;
  logger: Logger;
}

/**
 * Translates one chapter: its title and every text block, in batches of whole blocks, with the book's
 * glossary in every call. The node structure (headings, lists, quotes, alignment) and the marks are the
 * original's; only text changes. A writer-made heading gets the target language's chapter label.
 * Nothing is stored here: the caller commits the result.
 */
export async function translateChapter(input: TranslateChapterInput): Promise<TranslatedChapter> {
  const { job, chapter } = input;
  const headingText = chapter.heading ? documentText(chapter.heading) : '';
  const title = chapter.heading ? titleOfHeading(headingText, job.sourceLanguage, chapter.number) : undefined;
  const blocks = [...(chapter.heading && title === undefined ? [chapter.heading] : []), ...chapter.blocks];
  const textBlocks = textBlocksOf(blocks);
  const segments: { role: 'title' | 'text'; segment: Segment }[] = [
    ...(title ? [{ role: 'title' as const, segment: { text: title, marks: [] } }] : []),
    ...textBlocks.map((block) => ({ role: 'text' as const, segment: segmentOf(block) })),
  ];

  const translated: string[] = [];
  let calls = 0;
  for (const batch of batches(segments)) {
    const items = batch.map((s) => ({ role: s.role, text: s.segment.text }));
    const task: TranslateTask = {
      kind: 'translate',
      sourceLanguage: job.sourceLanguage,
      language: job.language,
      chapterNumber: chapter.number,
      batch: calls,
      segments: items,
      glossary: job.glossary,
    };
    const result = await input.llm.generateStructured(
      TranslatedSegmentsSchema,
      'translation',
      translationMessages({
        title: job.brief.title,
        sourceLanguage: job.sourceLanguage,
        language: job.language,
        chapterNumber: chapter.number,
        chaptersTotal: job.chapters.length,
        glossary: job.glossary,
        segments: items,
      }),
      {
        task,
        offline: () => composeTranslation(task),
        bookId: job.bookId,
        temperature,
        maxTokens: Math.min(16_000, Math.round(items.reduce((n, s) => n + s.text.length, 0) * 0.9) + 512),
        signal: input.signal,
      },
    );
    input.usage.add(result.usage);
    calls += 1;
    if (result.value.segments.length !== items.length)
      throw new LlmError(
        `the model returned ${result.value.segments.length} segments for ${items.length} in chapter ${chapter.number}`,
        true,
      );
    translated.push(...result.value.segments.map((s) => s.trim()));
  }

  const offset = title ? 1 : 0;
  const translatedTitle = title ? (translated[0] ?? title) : '';
  const inlines = textBlocks.map((_, i) =>
    inlineFromTranslation(translated[i + offset] ?? '', segments[i + offset]!.segment),
  );
  const nodes: TiptapNode[] = [];
  if (chapter.heading && title !== undefined) {
    nodes.push({
      ...chapter.heading,
      content: [{ type: 'text', text: chapterHeading(job.language, chapter.number, translatedTitle) }],
    });
  }
  nodes.push(...replaceTextBlocks(blocks, inlines));
  const text = documentText({ type: 'doc', content: nodes });
  return {
    number: chapter.number,
    title: title === undefined ? documentText(nodes[0] ?? { type: 'doc' }) : translatedTitle,
    nodes,
    words: countWords(text),
    characters: text.length,
    parts: calls,
  };
}

/** Whole segments, about `batchChars` of text a call (a longer segment goes alone). */
function batches<T extends { segment: Segment }>(segments: T[]): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const s of segments) {
    if (current.length > 0 && size + s.segment.text.length > batchChars) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(s);
    size += s.segment.text.length;
  }
  if (current.length > 0) out.push(current);
  return out;
}

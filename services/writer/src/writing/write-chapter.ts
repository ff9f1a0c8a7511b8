import { LlmError, type LlmProvider, type LlmUsage } from '@bookwright/ai';
import { ChapterFactsSchema } from '../domain/chapter-facts';
import type { ChapterFactsTask, ChapterPartTask } from '../domain/llm-tasks';
import { composeChapterFacts } from '../offline/compose-chapter-facts';
import { composeChapterPart } from '../offline/compose-chapter-part';
import type { Logger } from '@bookwright/kit';
import { clip, type ChapterContinuity } from '../domain/continuity';
import { extendBelowShare, maxExtensionParts, wordsForNextPart, type ChapterBudget } from '../domain/length';
import { countWords } from '@bookwright/contracts/text';
import { manuscriptStyle, proseLength } from '../domain/manuscript';
import {
  chapterFactsMessages,
  chapterPartMessages,
  tailOf,
  type BookBriefForPrompt,
  type ChapterForPrompt,
} from '../domain/prompts';

/** Sums the usage of the calls made for one book; written to the job row with the chapter. */
export class UsageMeter {
  promptTokens = 0;
  completionTokens = 0;
  calls = 0;

  add(usage: LlmUsage): void {
    this.promptTokens += usage.promptTokens;
    this.completionTokens += usage.completionTokens;
    this.calls += 1;
  }

  /** Hands over what was counted so far and starts again from zero. */
  take(): { promptTokens: number; completionTokens: number; calls: number } {
    const taken = { promptTokens: this.promptTokens, completionTokens: this.completionTokens, calls: this.calls };
    this.promptTokens = 0;
    this.completionTokens = 0;
    this.calls = 0;
    return taken;
  }
}

export interface WrittenChapter {
  number: number;
  title: string;
  text: string;
  words: number;
  characters: number;
  summary: string;
  facts: string[];
  /** LLM calls that wrote the text. */
  parts: number;
}

/** A chapter's text, before its notes are taken. */
export type ChapterText = Omit<WrittenChapter, 'summary' | 'facts'>;

export interface WriteChapterInput {
  llm: LlmProvider;
  bookId: string;
  book: BookBriefForPrompt;
  /** The plan's cast (fiction). */
  characterNames: string[];
  chapter: ChapterForPrompt;
  budget: ChapterBudget;
  /**
   * The continuity of each part, asked for when the part starts: a chapter written alongside others
   * learns what they established as their notes come in.
   */
  continuityFor: (partNumber: number) => ChapterContinuity | Promise<ChapterContinuity>;
  usage: UsageMeter;
  signal: AbortSignal;
  logger: Logger;
}

/** Sampling temperatures: some freedom for prose, none for note-taking. */
const proseTemperature = 0.8;
const notesTemperature = 0.2;

/**
 * Writes one chapter: its text (`writeChapterText`), then one structured call that extracts its summary
 * and the facts later chapters must respect (`takeChapterNotes`). Nothing is stored here: the caller
 * commits the result.
 */
export async function writeChapter(input: WriteChapterInput): Promise<WrittenChapter> {
  const written = await writeChapterText(input);
  return { ...written, ...(await takeChapterNotes(input, written.text)) };
}

/**
 * The chapter's text: its parts in order (each ≤ ~1,500 words, each continuing from the end of the
 * previous one), then further parts while it is below 90% of its budget (at most `maxExtensionParts`).
 */
export async function writeChapterText(input: WriteChapterInput): Promise<ChapterText> {
  const { budget, chapter } = input;
  const { allowLists } = manuscriptStyle(input.book);
  let text = '';
  let characters = 0;
  let calls = 0;
  let cutOff = false;

  const writePart = async (partNumber: number, partsTotal: number, extension: boolean) => {
    const targetWords = wordsForNextPart(budget, { characters, words: countWords(text) }, partsTotal - partNumber + 1);
    const previousTail = tailOf(text);
    const task: ChapterPartTask = {
      kind: 'chapter-part',
      book: {
        title: input.book.title,
        genre: input.book.genre,
        language: input.book.language,
        targetAudience: input.book.targetAudience,
        bookType: input.book.bookType,
        ...(input.characterNames.length > 0 ? { characterNames: input.characterNames } : {}),
      },
      chapter,
      partNumber,
      partsTotal,
      targetWords,
      previousTail,
    };
    const continuity = await input.continuityFor(partNumber);
    input.signal.throwIfAborted();
    const messages = chapterPartMessages(input.book, chapter, continuity, {
      partNumber,
      partsTotal,
      targetWords,
      previousTail,
      extension,
    });
    const result = await input.llm.generateText(messages, {
      task,
      offline: () => composeChapterPart(task),
      bookId: input.bookId,
      temperature: proseTemperature,
      // Room for the words asked for in any language (some need 2-3 tokens a word), plus slack.
      maxTokens: Math.min(8_192, Math.round(targetWords * 2.5) + 256),
      signal: input.signal,
    });
    input.usage.add(result.usage);
    calls += 1;
    const piece = cleanPart(result.text, chapter);
    if (!piece) throw new LlmError(`the model wrote nothing for chapter ${chapter.number}, part ${partNumber}`, true);
    text = joinParts(text, piece, cutOff);
    cutOff = result.finishReason === 'length';
    characters = proseLength(text, allowLists);
  };

  for (let part = 1; part <= budget.parts; part += 1) await writePart(part, budget.parts, false);
  for (let extra = 1; extra <= maxExtensionParts && characters < budget.targetChars * extendBelowShare; extra += 1) {
    const partNumber = budget.parts + extra;
    await writePart(partNumber, partNumber, true);
  }

  return { number: chapter.number, title: chapter.title, text, words: countWords(text), characters, parts: calls };
}

/**
 * The chapter's summary and facts for later chapters. The chapter's text is what matters: if the notes
 * cannot be had (the model's answer stays invalid, or it stops answering just now), the chapter is kept
 * with its opening as the summary and no facts, rather than written again.
 */
export async function takeChapterNotes(
  input: Pick<WriteChapterInput, 'llm' | 'bookId' | 'book' | 'chapter' | 'usage' | 'signal' | 'logger'>,
  text: string,
): Promise<{ summary: string; facts: string[] }> {
  const { chapter } = input;
  const task: ChapterFactsTask = {
    kind: 'chapter-facts',
    chapterNumber: chapter.number,
    chapterTitle: chapter.title,
    language: input.book.language,
    text,
  };
  try {
    const result = await input.llm.generateStructured(
      ChapterFactsSchema,
      'chapter_facts',
      chapterFactsMessages(input.book, chapter, text),
      {
        task,
        offline: () => composeChapterFacts(task),
        bookId: input.bookId,
        temperature: notesTemperature,
        maxTokens: 1_500,
        signal: input.signal,
      },
    );
    input.usage.add(result.usage);
    const summary = result.value.summary.trim();
    return {
      summary: summary || notesFromOpening(text).summary,
      facts: result.value.facts.map((f) => f.trim()).filter(Boolean),
    };
  } catch (error) {
    input.signal.throwIfAborted();
    input.logger.warn(
      { err: error, chapter: chapter.number },
      'chapter notes unavailable: keeping the chapter without them',
    );
    return notesFromOpening(text);
  }
}

/** What a chapter has instead of notes (none taken, or none to be had): its opening as the summary, no facts. */
export function notesFromOpening(text: string): { summary: string; facts: string[] } {
  return { summary: clip(text.replace(/\*/g, ''), 600), facts: [] };
}

/**
 * What a model adds around the prose despite the instructions: code fences, an echoed chapter heading
 * ("# Chapter 3: The Harbour", "**Chapter 3**"), "(continued)" / "to be continued" markers.
 */
export function cleanPart(raw: string, chapter: { number: number; title: string }): string {
  const lines = raw
    .replace(/\r\n?/g, '\n')
    .replace(/^\s*```[a-z]*\s*\n/i, '')
    .replace(/\n\s*```\s*$/, '')
    .split('\n');
  const isMarker = (line: string) =>
    /^\(?\s*(?:\.\.\.\s*)?(?:continued|to be continued|end of (?:part|chapter)[^)]*|part \d+(?: of \d+)?)\s*\)?\.?$/i.test(
      line.replace(/[*_#[\]]/g, '').trim(),
    );
  while (
    lines.length > 0 &&
    (lines[0]?.trim() === '' || isEchoedHeading(lines[0] ?? '', chapter) || isMarker(lines[0] ?? ''))
  )
    lines.shift();
  while (lines.length > 0 && (lines[lines.length - 1]?.trim() === '' || isMarker(lines[lines.length - 1] ?? '')))
    lines.pop();
  return lines.join('\n').trim();
}

function isEchoedHeading(line: string, chapter: { number: number; title: string }): boolean {
  const trimmed = line.trim();
  if (/^#{1,6}\s/.test(trimmed)) return true;
  const plain = trimmed.replace(/[*_]/g, '').trim();
  if (plain.length === 0 || plain.length > 120 || /[.!?…"”»:;,]$/.test(plain)) return false;
  const title = chapter.title.trim().toLowerCase();
  return (
    (title !== '' && plain.toLowerCase().includes(title)) || new RegExp(`(^|\\D)${chapter.number}(\\D|$)`).test(plain)
  );
}

/** Parts are separate paragraphs, unless the previous one was cut off mid-sentence by the token limit. */
function joinParts(text: string, piece: string, previousCutOff: boolean): string {
  if (!text) return piece;
  if (previousCutOff && !/[.!?…"”»)]\s*$/.test(text)) return `${text.trimEnd()} ${piece.trimStart()}`;
  return `${text.trimEnd()}\n\n${piece.trimStart()}`;
}

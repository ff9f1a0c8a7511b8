import { bookLanguages, type BookLanguage, type BookType, type Genre } from '@bookwright/contracts/http';
import { tailAtGrapheme } from '@bookwright/contracts/text';
import type { ChatMessage } from '@bookwright/ai';
import type { ChapterContinuity } from './continuity';

/**
 * The prompts of the writing pipeline, for a real model. One call writes one part of one chapter
 * (≤ ~1,500 words); another reads the finished chapter back and extracts its summary and facts.
 */

export interface BookBriefForPrompt {
  title: string;
  subtitle?: string | null | undefined;
  genre: Genre;
  bookType: BookType;
  language: BookLanguage;
  targetAudience: string;
}

export interface ChapterForPrompt {
  number: number;
  total: number;
  title: string;
  /** The act or section the chapter belongs to, with its description or objective. */
  part: string;
  brief: string;
  keyPoints: string[];
}

export interface PartRequest {
  partNumber: number;
  partsTotal: number;
  targetWords: number;
  /** The end of what is already written of this chapter ('' for the first part). */
  previousTail: string;
  /** The chapter came out short and this part lengthens it. */
  extension: boolean;
}

export function languageName(language: BookLanguage): string {
  return bookLanguages.find((l) => l.value === language)?.label ?? language;
}

export function chapterPartMessages(
  book: BookBriefForPrompt,
  chapter: ChapterForPrompt,
  continuity: ChapterContinuity,
  part: PartRequest,
): ChatMessage[] {
  return [
    { role: 'system', content: systemPrompt(book) },
    { role: 'user', content: chapterPartPrompt(book, chapter, continuity, part) },
  ];
}

function systemPrompt(book: BookBriefForPrompt): string {
  const language = languageName(book.language);
  const fiction = book.bookType === 'fiction';
  const craft = fiction
    ? [
        'Write vivid, specific scenes: concrete sensory detail, action and dialogue that reveal character; show rather than tell.',
        'Keep every character true to the story bible: names, relationships, abilities, what each one knows.',
        'Vary sentence length and rhythm. Avoid clichés, purple prose and stock phrases.',
        'Stay in the narrative voice, tense and point of view set by the story so far.',
      ]
    : [
        'Explain clearly and concretely, one idea at a time, with worked examples, practical steps and short anecdotes.',
        'Build on what earlier chapters established; do not re-explain it at length, refer back to it.',
        'Be accurate. Do not invent statistics, studies, quotations, names of experts or sources; speak in general terms where you are not sure.',
        'Use *emphasis* for terms where they are introduced and **strong** sparingly for key take-aways. Short lists ("- " at the start of a line) are fine when they genuinely help.',
      ];
  return [
    `You are an accomplished ${fiction ? 'novelist' : 'non-fiction author'} writing the book "${book.title}"${
      book.subtitle ? ` — ${book.subtitle}` : ''
    }, a ${book.genre} book for ${book.targetAudience}.`,
    `Write in ${language}. Every word you write — narration, dialogue, examples — is in ${language}.`,
    '',
    'How to write:',
    ...craft.map((rule) => `- ${rule}`),
    '- Pitch vocabulary, themes and intensity to the target audience.',
    '- Never contradict the story bible or the facts established so far.',
    '',
    'Output format:',
    '- Only the text of the book. No chapter number or title, no headings, no notes to the editor, no summary, no commentary before or after.',
    fiction
      ? '- Plain paragraphs separated by one blank line. *single asterisks* mark emphasis (italics); no other markup.'
      : '- Plain paragraphs separated by one blank line. *single asterisks* mark emphasis, **double** strong; "- " list lines where they help; no other markup.',
    '- Write the full length asked for; do not summarise events instead of writing them.',
  ].join('\n');
}

function chapterPartPrompt(
  book: BookBriefForPrompt,
  chapter: ChapterForPrompt,
  continuity: ChapterContinuity,
  part: PartRequest,
): string {
  const fiction = book.bookType === 'fiction';
  const sections: string[] = [];

  sections.push(`# ${fiction ? 'Story bible' : 'Book bible'}\n${continuity.bible || '(no further notes)'}`);
  if (continuity.establishedFacts.length > 0) {
    sections.push(
      `# Established so far (must stay true)\n${continuity.establishedFacts.map((fact) => `- ${fact}`).join('\n')}`,
    );
  }
  if (continuity.storySoFar.length > 0) {
    sections.push(
      `# ${fiction ? 'The story so far' : 'The book so far'}${
        continuity.storySoFar.some((c) => c.source === 'planned')
          ? ' (chapters marked "planned" are being written now: follow their plan)'
          : ''
      }\n${continuity.storySoFar
        .map((c) => `Chapter ${c.number}, "${c.title}"${c.source === 'planned' ? ' (planned)' : ''}: ${c.summary}`)
        .join('\n')}`,
    );
  }

  if (continuity.previousChapterEnding) {
    sections.push(
      `# How chapter ${chapter.number - 1} ends (just written; pick up from here)\n${quote(continuity.previousChapterEnding)}`,
    );
  }

  const chapterLines = [
    `Chapter ${chapter.number} of ${chapter.total}: "${chapter.title}"`,
    `${fiction ? 'Act' : 'Section'}: ${chapter.part}`,
    `What this chapter must do: ${chapter.brief || '(see the title)'}`,
  ];
  if (chapter.keyPoints.length > 0) {
    chapterLines.push(`Key points to cover, in a natural order:\n${chapter.keyPoints.map((p) => `- ${p}`).join('\n')}`);
  }
  if (continuity.nextChapter) {
    chapterLines.push(
      `The next chapter ("${continuity.nextChapter.title}") will cover: ${continuity.nextChapter.brief}\nLeave that for the next chapter.`,
    );
  } else if (chapter.number === chapter.total) {
    chapterLines.push(
      fiction
        ? 'This is the last chapter: resolve the central conflict and the main arcs.'
        : 'This is the last chapter: draw the book together and leave the reader with clear next steps.',
    );
  }
  sections.push(`# This chapter\n${chapterLines.join('\n')}`);

  if (continuity.avoidPhrases.length > 0) {
    sections.push(
      `# Over-used so far — do not use these phrases again\n${continuity.avoidPhrases.map((p) => `"${p}"`).join(', ')}`,
    );
  }

  sections.push(`# Your task\n${taskLines(chapter, part).join('\n')}`);
  return sections.join('\n\n');
}

function taskLines(chapter: ChapterForPrompt, part: PartRequest): string[] {
  const length = `Write about ${part.targetWords} words.`;
  const last = part.partNumber >= part.partsTotal;
  if (part.extension) {
    return [
      `Chapter ${chapter.number} is written but came out too short. It currently ends with:`,
      quote(part.previousTail),
      `Continue it: add the next passage right after that ending, deepening what this chapter must do with new material (a further scene, exchange or example), never repeating what is written. ${length}`,
      'End the passage where the chapter can close.',
    ];
  }
  if (part.partNumber === 1) {
    return [
      part.partsTotal === 1
        ? `Write the whole of chapter ${chapter.number}, from its opening line to its close. ${length}`
        : `Write the opening part (part 1 of ${part.partsTotal}) of chapter ${chapter.number}. ${length}`,
      part.partsTotal === 1
        ? 'Open with a strong first line and end the chapter at a satisfying point.'
        : 'Open with a strong first line. Do not end the chapter: stop at a natural pause, leaving the rest of the brief for the following parts.',
    ];
  }
  return [
    `Write part ${part.partNumber} of ${part.partsTotal} of chapter ${chapter.number}. What is written so far ends with:`,
    quote(part.previousTail),
    `Continue seamlessly from exactly that point, without repeating it or recapping. ${length}`,
    last
      ? 'This is the final part: complete what this chapter must do and bring it to its close.'
      : 'Do not end the chapter yet: stop at a natural pause.',
  ];
}

function quote(text: string): string {
  return `"""\n${text.trim()}\n"""`;
}

/** The end of the text written so far, cut at a paragraph or sentence boundary: the next part's cue. */
export function tailOf(text: string, maxChars = 1_500): string {
  const trimmed = text.trim();
  if (trimmed.length <= maxChars) return trimmed;
  const slice = tailAtGrapheme(trimmed, maxChars);
  const paragraph = slice.indexOf('\n\n');
  if (paragraph >= 0 && paragraph < maxChars / 2) return slice.slice(paragraph + 2).trim();
  const sentence = slice.search(/[.!?…]["”»’)]?\s/);
  return sentence >= 0 && sentence < maxChars / 2 ? slice.slice(sentence + 1).trim() : slice.trim();
}

export function chapterFactsMessages(
  book: BookBriefForPrompt,
  chapter: { number: number; title: string },
  text: string,
): ChatMessage[] {
  const language = languageName(book.language);
  const fiction = book.bookType === 'fiction';
  return [
    {
      role: 'system',
      content: [
        `You keep the continuity notes of a ${fiction ? 'novel' : 'non-fiction book'} being written chapter by chapter: "${book.title}" (${book.genre}, in ${language}).`,
        'You read a finished chapter and record what later chapters must know. Answer only with the JSON object asked for.',
      ].join('\n'),
    },
    {
      role: 'user',
      content: [
        `Chapter ${chapter.number}, "${chapter.title}":`,
        '"""',
        text.trim(),
        '"""',
        '',
        `Write in ${language}:`,
        '- summary: what happens in this chapter, in at most 120 words, in order, naming who did what and how the chapter ends.',
        fiction
          ? '- facts: up to 15 short, concrete facts this chapter establishes that later chapters must respect: names and descriptions introduced, relationships, places, objects, dates and time passed, injuries, decisions, promises, secrets revealed, who knows what. One fact per item, one sentence each. Only facts stated or shown in this chapter.'
          : '- facts: up to 15 short, concrete statements this chapter establishes that later chapters build on: terms defined, methods and frameworks introduced, examples and case names used, recommendations made. One per item, one sentence each. Only what this chapter says.',
      ].join('\n'),
    },
  ];
}

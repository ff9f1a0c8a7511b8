import type { ChatMessage } from '@bookwright/ai';
import type { BookLanguage } from '@bookwright/contracts/http';
import { languageName } from '../prompts';
import type { GlossaryEntry } from './glossary';

export interface TranslationPromptInput {
  title: string;
  sourceLanguage: BookLanguage;
  language: BookLanguage;
  chapterNumber: number;
  chaptersTotal: number;
  glossary: GlossaryEntry[];
  segments: { role: 'title' | 'text'; text: string }[];
}

const kindLabel: Record<GlossaryEntry['kind'], string> = {
  character: 'character',
  place: 'place',
  term: 'key term',
};

/** One call translates one batch of a chapter's segments, with the book's glossary every time. */
export function translationMessages(input: TranslationPromptInput): ChatMessage[] {
  const from = languageName(input.sourceLanguage);
  const to = languageName(input.language);
  const glossary =
    input.glossary.length > 0
      ? [
          'Glossary of this book. Keep every name of a person or place exactly as it is written here, in every chapter (decline or inflect it only where ' +
            `${to} grammar requires). Translate each key term the same way every time it appears:`,
          ...input.glossary.map((e) => `- ${e.term} (${kindLabel[e.kind]})`),
        ]
      : ['This book has no glossary: keep the names of people and places as they are.'];
  const system = [
    `You are a literary translator translating the book "${input.title}" from ${from} into ${to}.`,
    `Translate faithfully and naturally: the meaning, tone, register and voice of the original, in fluent ${to}. Do not summarise, shorten, add or explain.`,
    'Inline tags like ⟦1⟧…⟦/1⟧ mark formatted words and ⟦br⟧ a line break: keep every tag, with the same number, around the translation of the words it wraps.',
    ...glossary,
  ].join('\n');
  const user = [
    `Chapter ${input.chapterNumber} of ${input.chaptersTotal}. Translate each of these ${input.segments.length} segments into ${to}.`,
    'Answer with JSON {"segments": [...]}: exactly one translated string per segment, in the same order. A "title" segment is a chapter title.',
    '',
    JSON.stringify(input.segments.map((s, i) => ({ n: i + 1, role: s.role, text: s.text }))),
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

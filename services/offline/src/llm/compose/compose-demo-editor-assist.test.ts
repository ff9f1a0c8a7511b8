import { describe, expect, it } from 'vitest';
import {
  bookLanguages,
  descriptionBlocks,
  MetadataSuggestionSchema,
  sanitizeDescriptionHtml,
  type BookLanguage,
} from '@bookwright/contracts';
import type { LlmTask } from '@bookwright/ai';
import { bankFor } from '../../banks';
import { composeDemoEditorAssist } from './compose-demo-editor-assist';

const metadataTask = (language: BookLanguage, names: string[] = ['Mara', 'Jonas']): LlmTask & { kind: 'metadata' } => ({
  kind: 'metadata',
  book: { title: 'Die Briefe der Leuchtturmwärterin', genre: 'mystery', bookType: 'fiction' },
  language,
  themes: ['Mut', 'Erinnerung'],
  premise: '',
  names,
  manuscriptExcerpt: 'Der Wind schlägt gegen das Fenster.',
});

interface Suggestion {
  description: string;
  keywords: string[];
  categories: string[];
  subtitle: string;
}

const english = bankFor('english').demo;
const languages = bookLanguages.map((l) => l.value).filter((l) => l !== 'english');

describe('the offline editor help speaks the book language', () => {
  it('every language has demo phrases of its own', () => {
    for (const language of languages) {
      const demo = bankFor(language).demo;
      for (const key of Object.keys(english) as (keyof typeof english)[]) {
        expect(demo[key], `${language}.demo.${key}`).not.toBe(english[key]);
      }
      expect(demo.cast).toContain('{names}');
    }
  });

  it.each(languages)('writes a %s metadata suggestion without English phrases, marked as demo', (language) => {
    const demo = bankFor(language).demo;
    const answer = composeDemoEditorAssist(metadataTask(language)) as Suggestion;
    expect(answer.description).toContain(demo.description.replace(/&/g, '&amp;'));
    expect(answer.description).toContain(demo.cast.replace('{names}', 'Mara, Jonas'));
    expect(answer.description).toContain(demo.fiction);
    expect(answer.subtitle).toBe(`${demo.fiction}: Mut`);
    expect(answer.keywords).toEqual(['mut', 'erinnerung', 'mara', 'jonas']);
    for (const phrase of [
      english.description,
      english.cast.replace('{names}', ''),
      english.fiction,
      'Demo description',
    ]) {
      expect(answer.description).not.toContain(phrase);
    }
    // The genre's English label ("Mystery") no longer leads the keywords or the subtitle.
    expect(answer.keywords).not.toContain('mystery');
    expect(answer.subtitle).not.toMatch(/Mystery|Novel/);
  });

  it('keeps English for English books (the text the e2e tests read)', () => {
    const answer = composeDemoEditorAssist(metadataTask('english')) as Suggestion;
    expect(answer.description).toContain('(Demo description written offline, without an AI model.)');
    expect(answer.description).toContain('<p>With Mara, Jonas.</p>');
    expect(answer.subtitle).toBe('A novel: Mut');
  });

  it('says what a non-fiction book is when the plan has no premise', () => {
    const task = metadataTask('german', []);
    const answer = composeDemoEditorAssist({
      ...task,
      book: { ...task.book, genre: 'cooking' as const, bookType: 'non-fiction' as const },
    }) as Suggestion;
    expect(answer.description).toContain('— Ein Sachbuch</p>');
    expect(answer.description).not.toContain('Mit ');
    expect(answer.subtitle).toBe('Ein Sachbuch: Mut');
  });

  it.each(languages)('marks a %s demo rewrite in that language and adds its own sentences', (language) => {
    const demo = bankFor(language).demo;
    const rewrite = (instruction: string) =>
      composeDemoEditorAssist({ kind: 'rewrite', text: 'Ein Satz.', instruction, language }) as string;
    expect(rewrite('shorter')).toBe(`[${demo.rewrite}] Ein Satz.`);
    expect(rewrite('longer')).toBe(`[${demo.rewrite}] Ein Satz. ${demo.longer}`);
    expect(rewrite('vivid')).toBe(`[${demo.rewrite}] Ein Satz. ${demo.vivid}`);
    expect(rewrite('longer')).not.toContain(english.longer);
  });

  it('falls back to English when a rewrite does not say its language', () => {
    expect(composeDemoEditorAssist({ kind: 'rewrite', text: 'A line.', instruction: 'shorter' })).toBe(
      '[Demo rewrite] A line.',
    );
  });
});

const richTextTask = {
  kind: 'metadata' as const,
  language: 'english' as const,
  book: { title: 'Salt & <Signal>', genre: 'mystery' as const, bookType: 'fiction' as const },
  themes: ['Trust'],
  premise: 'A keeper finds letters that 1 < 2 people could have sent',
  names: ['Mara', 'Leo'],
  manuscriptExcerpt: 'The air feels heavier while Mara opens the door. '.repeat(200),
};

describe('the offline metadata suggestion', () => {
  it('answers the description in the shape the metadata form edits: formatted text, no stray tags', () => {
    const suggestion = MetadataSuggestionSchema.parse(composeDemoEditorAssist(richTextTask));
    // Already canonical: what the form receives is what the sanitiser would make of it.
    const raw = (composeDemoEditorAssist(richTextTask) as { description: string }).description;
    expect(sanitizeDescriptionHtml(raw)).toBe(raw);
    expect(suggestion.description).toBe(raw);
    const [first] = descriptionBlocks(suggestion.description);
    expect(first).toEqual({
      kind: 'paragraph',
      inlines: [
        { text: 'Salt & <Signal>', strong: true, em: false },
        { text: ' — A keeper finds letters that 1 < 2 people could have sent', strong: false, em: false },
      ],
    });
    expect(suggestion.description).toContain('<em>The air feels heavier');
  });
});

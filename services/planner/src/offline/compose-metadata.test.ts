import { describe, expect, it } from 'vitest';
import { bookLanguages, MetadataSuggestionSchema, type BookLanguage } from '@bookwright/contracts/http';
import { descriptionBlocks, sanitizeDescriptionHtml } from '@bookwright/contracts/text';
import { bankFor } from '@bookwright/offline';
import { composeMetadata, type MetadataGrounding } from './compose-metadata';

const metadataTask = (language: BookLanguage, names: string[] = ['Mara', 'Jonas']): MetadataGrounding => ({
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

describe('the offline metadata suggestion speaks the book language', () => {
  it.each(languages)('writes a %s metadata suggestion without English phrases, marked as demo', (language) => {
    const demo = bankFor(language).demo;
    const answer = composeMetadata(metadataTask(language)) as Suggestion;
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
    const answer = composeMetadata(metadataTask('english')) as Suggestion;
    expect(answer.description).toContain('(Demo description written offline, without an AI model.)');
    expect(answer.description).toContain('<p>With Mara, Jonas.</p>');
    expect(answer.subtitle).toBe('A novel: Mut');
  });

  it('says what a non-fiction book is when the plan has no premise', () => {
    const task = metadataTask('german', []);
    const answer = composeMetadata({
      ...task,
      book: { ...task.book, genre: 'cooking' as const, bookType: 'non-fiction' as const },
    }) as Suggestion;
    expect(answer.description).toContain('— Ein Sachbuch</p>');
    expect(answer.description).not.toContain('Mit ');
    expect(answer.subtitle).toBe('Ein Sachbuch: Mut');
  });
});

const richTextTask = {
  language: 'english' as const,
  book: { title: 'Salt & <Signal>', genre: 'mystery' as const, bookType: 'fiction' as const },
  themes: ['Trust'],
  premise: 'A keeper finds letters that 1 < 2 people could have sent',
  names: ['Mara', 'Leo'],
  manuscriptExcerpt: 'The air feels heavier while Mara opens the door. '.repeat(200),
};

describe('the offline metadata suggestion', () => {
  it('answers the description in the shape the metadata form edits: formatted text, no stray tags', () => {
    const suggestion = MetadataSuggestionSchema.parse(composeMetadata(richTextTask));
    // Already canonical: what the form receives is what the sanitiser would make of it.
    const raw = (composeMetadata(richTextTask) as { description: string }).description;
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

import { describe, expect, it } from 'vitest';
import { bookLanguages, type BookLanguage, type BookType } from '@bookwright/contracts/http';
import { ChapterFactsSchema } from '../domain/chapter-facts';
import { countWords } from '@bookwright/contracts/text';
import type { ChapterPartTask } from '../domain/llm-tasks';
import { composeChapterFacts } from './compose-chapter-facts';
import { composeChapterPart, offlineNotice } from './compose-chapter-part';

function chapterTask(
  options: {
    language?: BookLanguage;
    bookType?: BookType;
    chapter?: number;
    part?: number;
    parts?: number;
    words?: number;
    title?: string;
  } = {},
): ChapterPartTask {
  const bookType = options.bookType ?? 'fiction';
  return {
    kind: 'chapter-part',
    book: {
      title: options.title ?? 'The Keeper of Storms',
      genre: bookType === 'fiction' ? 'mystery' : 'self-help',
      language: options.language ?? 'english',
      targetAudience: 'adult readers',
      bookType,
    },
    chapter: {
      number: options.chapter ?? 1,
      total: 12,
      title: 'The Letter',
      part: 'Act 1',
      brief: 'The keeper finds the first letter. Nobody in town believes her.',
      keyPoints:
        bookType === 'fiction' ? [] : ['Start with one small habit', 'Measure before you change', 'Keep a journal'],
    },
    partNumber: options.part ?? 1,
    partsTotal: options.parts ?? 1,
    targetWords: options.words ?? 800,
    previousTail: '',
  };
}

// Async like a model's answer, so the tests read as they did against the offline provider.
async function write(task: ChapterPartTask): Promise<string> {
  return composeChapterPart(task);
}

const sentencesOf = (text: string) =>
  text
    .replace(/\*/g, '')
    .split(/\n\s*\n/)
    .flatMap((p) => p.split(/(?<=[.!?…])\s+(?=\P{Ll})/u))
    .map((s) => s.trim())
    .filter(Boolean);

describe('the offline chapter text', () => {
  it.each([500, 1500, 2500])('writes %i words (±10%%) in several languages and both book types', async (words) => {
    for (const language of ['english', 'czech', 'finnish', 'turkish', 'portuguese'] as const) {
      for (const bookType of ['fiction', 'non-fiction'] as const) {
        for (const chapter of [1, 5]) {
          const text = await write(chapterTask({ language, bookType, words, chapter }));
          const count = countWords(text);
          expect(count, `${language} ${bookType} chapter ${chapter}`).toBeGreaterThanOrEqual(words * 0.9);
          expect(count, `${language} ${bookType} chapter ${chapter}`).toBeLessThanOrEqual(words * 1.1);
        }
      }
    }
  });

  it('opens the first part of chapter 1, and only that, with the offline notice', async () => {
    for (const language of bookLanguages.map((l) => l.value)) {
      const notice = offlineNotice(language);
      const first = await write(chapterTask({ language, chapter: 1, part: 1, parts: 2 }));
      expect(first.startsWith(`*${notice.replace(/\.$/, '')}.*\n\n`), language).toBe(true);
      expect(await write(chapterTask({ language, chapter: 1, part: 2, parts: 2 }))).not.toContain(notice);
      expect(await write(chapterTask({ language, chapter: 2 }))).not.toContain(notice);
    }
    expect(offlineNotice('english')).toMatch(/offline writer, without an AI model/);
  });

  it('mentions the chapter title and brief, uses paragraphs and some emphasis', async () => {
    const text = await write(chapterTask({ words: 2500 }));
    expect(text).toContain('“The Letter”');
    expect(text).toContain('The keeper finds the first letter.');
    const paragraphs = text.split('\n\n');
    expect(paragraphs.length).toBeGreaterThan(10);
    for (const paragraph of paragraphs) expect(paragraph.trim()).toBe(paragraph);
    expect(text).toMatch(/\s\*\p{L}+\*[\s,.;:!?]/u);

    const nonFiction = await write(chapterTask({ bookType: 'non-fiction', words: 1500 }));
    expect(nonFiction).toContain('Measure before you change');
    expect(nonFiction).toContain('(adult readers)');
  });

  it('uses the cast names the writer passes', async () => {
    const task = chapterTask({ words: 800 });
    const text = await write({
      ...task,
      book: { ...task.book, characterNames: ['Odile', 'Bartholomew', 'Wren', 'Cass'] },
    });
    expect(text).toMatch(/Odile|Bartholomew/);
    expect(text).toMatch(/Wren|Cass/);
  });

  it('never repeats a sentence within a chapter, across its parts', async () => {
    for (const bookType of ['fiction', 'non-fiction'] as const) {
      for (const language of ['english', 'polish'] as const) {
        const parts = await Promise.all(
          [1, 2, 3].map((part) => write(chapterTask({ bookType, language, chapter: 4, part, parts: 3, words: 1500 }))),
        );
        const sentences = parts.flatMap(sentencesOf);
        const repeated = sentences.filter((s, i) => sentences.indexOf(s) !== i);
        expect(repeated, `${bookType} ${language}`).toEqual([]);
      }
    }
  });

  it('is deterministic per task and varies across chapters', async () => {
    const task = chapterTask({ chapter: 3, words: 1000 });
    expect(await write(task)).toBe(await write(task));
    const other = await write(chapterTask({ chapter: 4, words: 1000 }));
    expect(other).not.toBe(await write(task));
    const firstSentences = (text: string) => sentencesOf(text).slice(1, 6);
    expect(firstSentences(other)).not.toEqual(firstSentences(await write(task)));
  });

  it.each([
    ['czech', /ř/, /[ěůčšž]/],
    ['polish', /ł/, /[żźćśąę]/],
    ['turkish', /ğ/, /[şı]/],
    ['latvian', /[āēīū]/, /ķ/],
    ['hungarian', /[őű]/, /[áéö]/],
    ['romanian', /[șț]/, /[ăâî]/],
    ['estonian', /õ/, /[äöü]/],
    ['lithuanian', /[ąčęėįšųūž]/, /[ąčęėįšųūž]/],
  ] as const)('writes %s with its own letters', async (language, first, second) => {
    const fiction = await write(chapterTask({ language, words: 1500 }));
    const nonFiction = await write(chapterTask({ language, bookType: 'non-fiction', words: 1500 }));
    for (const text of [fiction, nonFiction]) {
      expect(text).toMatch(first);
      expect(text).toMatch(second);
    }
  });
});

describe('the offline chapter facts', () => {
  it('answers chapter-facts with ChapterFactsSchema, from the text', async () => {
    const text = await write(chapterTask({ chapter: 2, words: 800 }));
    const value = ChapterFactsSchema.parse(
      composeChapterFacts({
        kind: 'chapter-facts',
        chapterNumber: 2,
        chapterTitle: 'The Letter',
        language: 'english',
        text,
      }),
    );
    expect(value.summary).toContain('Chapter 2, “The Letter”');
    expect(value.facts.length).toBeGreaterThan(0);
    for (const fact of value.facts) expect(text.replace(/\*/g, '')).toContain(fact);
  });
});

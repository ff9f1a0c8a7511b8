import { countWords } from '@bookwright/contracts/text';
import {
  documentText,
  chapterCharacters,
  estimatePages,
  TiptapNodeSchema,
  type BookLanguage,
  type TiptapDocument,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { z } from 'zod';
import { proseToBlocks } from './prose-to-tiptap';

export interface ManuscriptChapter {
  number: number;
  title: string;
  /** The chapter's prose as the model wrote it (paragraphs, `*emphasis*`, `**strong**`). */
  text: string;
}

/** "Chapter 3: The Harbour" in the book's language ("3. fejezet: …" where the number comes first). */
export function chapterHeading(language: BookLanguage, number: number, title: string): string {
  const label = chapterLabels[language](number);
  const cleanTitle = title.trim();
  return cleanTitle ? `${label}: ${cleanTitle}` : label;
}

const before = (word: string) => (n: number) => `${word} ${n}`;
const after = (word: string) => (n: number) => `${n}. ${word}`;

const chapterLabels: Record<BookLanguage, (n: number) => string> = {
  albanian: before('Kapitulli'),
  croatian: before('Poglavlje'),
  czech: before('Kapitola'),
  danish: before('Kapitel'),
  dutch: before('Hoofdstuk'),
  english: before('Chapter'),
  estonian: after('peatükk'),
  finnish: before('Luku'),
  french: before('Chapitre'),
  german: before('Kapitel'),
  hungarian: after('fejezet'),
  italian: before('Capitolo'),
  latvian: after('nodaļa'),
  lithuanian: (n) => `${n} skyrius`,
  norwegian: before('Kapittel'),
  polish: before('Rozdział'),
  portuguese: before('Capítulo'),
  romanian: before('Capitolul'),
  slovak: before('Kapitola'),
  slovenian: before('Poglavje'),
  spanish: before('Capítulo'),
  swedish: before('Kapitel'),
  turkish: after('Bölüm'),
};

/** How a book's chapters become blocks: the heading's language, and whether "- " lines are lists. */
export interface ManuscriptStyle {
  language: BookLanguage;
  /** Non-fiction may contain lists; in fiction "- " lines are dialogue. */
  allowLists: boolean;
}

export const manuscriptStyle = (book: { language: BookLanguage; bookType: string }): ManuscriptStyle => ({
  language: book.language,
  allowLists: book.bookType === 'non-fiction',
});

/** A chapter already turned into its blocks (the writer does it as each chapter is committed). */
export interface PreparedChapter extends ManuscriptChapter {
  blocks: TiptapNode[];
}

const ChapterBlocksSchema = z.array(TiptapNodeSchema);

/**
 * One chapter as manuscript blocks: a level-1 heading followed by its prose, validated. A document is
 * valid when each of its nodes is, so chapters validated one by one make a valid manuscript together.
 */
export function prepareChapter(style: ManuscriptStyle, chapter: ManuscriptChapter): PreparedChapter {
  const blocks = ChapterBlocksSchema.parse([
    {
      type: 'heading',
      attrs: { level: 1 },
      content: [{ type: 'text', text: chapterHeading(style.language, chapter.number, chapter.title) }],
    },
    ...proseToBlocks(chapter.text, { lists: style.allowLists }),
  ]);
  return { ...chapter, blocks };
}

/**
 * The whole book as one editor document, its chapters in reading order. A chapter found in `prepared`
 * with the same title and text is taken as it is; the others are prepared now. Throws if a chapter is
 * not valid, so an invalid manuscript is never stored.
 */
export function assembleManuscript(
  options: ManuscriptStyle & { chapters: ManuscriptChapter[]; prepared?: ReadonlyMap<number, PreparedChapter> },
): TiptapDocument {
  const content: TiptapNode[] = [];
  for (const chapter of [...options.chapters].sort((a, b) => a.number - b.number)) {
    const ready = options.prepared?.get(chapter.number);
    const same = ready !== undefined && ready.title === chapter.title && ready.text === chapter.text;
    content.push(...(same ? ready : prepareChapter(options, chapter)).blocks);
  }
  return { type: 'doc', content };
}

/** Words and the spec's page estimate of a document. */
export function manuscriptStats(document: TiptapDocument): { characters: number; words: number; pages: number } {
  const text = documentText(document);
  return { characters: text.length, words: countWords(text), pages: estimatePages(chapterCharacters(document)) };
}

/** The characters of a chapter's prose as the page estimate will count them in the assembled manuscript. */
export function proseLength(prose: string, allowLists: boolean): number {
  return documentText({ type: 'doc', content: proseToBlocks(prose, { lists: allowLists }) }).length;
}
